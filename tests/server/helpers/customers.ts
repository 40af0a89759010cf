/** The shopper of the order tests: what the demo shop asks of everyone, and what the behind-the-scenes tour adds. */
export const customerWith = (email: string) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  fields: { email_confirm: email, heard_about_us: 'friends' } as Record<string, string | boolean>,
});

export const customer = customerWith('ada@example.test');

/** The tour's own fields (date of birth, safety rules) filled in too. */
export const tourCustomer = { ...customer, fields: { ...customer.fields, date_of_birth: '1990-01-01', safety_rules: true } };
