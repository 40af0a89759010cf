/** The refund (cancellation) request form of spec section 5, checked by the modal and by POST /api/faq/mail. */
import { isEmail, TEXT_MAX_LENGTH, type FieldProblem } from './field-rules.ts';

export interface RefundRequest {
  first_name: string;
  last_name: string;
  email: string;
  /** Spelled so in the contract (spec section 3). */
  adress: string;
  order_number: string;
  comment: string;
}

export type RefundRequestField = keyof RefundRequest;
export type RefundRequestProblems = Partial<Record<RefundRequestField, FieldProblem>>;

const ORDER_NUMBER_PATTERN = /^\d+(?:[.,]\d{1,2})?$/;

function requiredText(value: string): FieldProblem | null {
  const text = value.trim();
  if (text === '') return 'required';
  return text.length > TEXT_MAX_LENGTH ? 'too_long' : null;
}

function optionalText(value: string): FieldProblem | null {
  return value.trim().length > TEXT_MAX_LENGTH ? 'too_long' : null;
}

/** Every field with the rule it breaks; an empty object means the request may be sent. */
export function validateRefundRequest(request: RefundRequest): RefundRequestProblems {
  const problems: RefundRequestProblems = {};
  const check = (field: RefundRequestField, problem: FieldProblem | null) => {
    if (problem) problems[field] = problem;
  };
  check('first_name', requiredText(request.first_name));
  check('last_name', requiredText(request.last_name));
  check('email', request.email.trim() === '' ? 'required' : isEmail(request.email) ? null : 'email');
  check('adress', optionalText(request.adress));
  check('order_number', request.order_number.trim() === '' ? 'required' : ORDER_NUMBER_PATTERN.test(request.order_number.trim()) ? null : 'number');
  check('comment', optionalText(request.comment));
  return problems;
}

export const EMPTY_REFUND_REQUEST: RefundRequest = {
  first_name: '',
  last_name: '',
  email: '',
  adress: '',
  order_number: '',
  comment: '',
};
