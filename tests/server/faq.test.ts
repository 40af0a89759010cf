import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Faq } from '#domain/contracts/faq.ts';
import { faqQuestions, organisations } from '../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ now: '2026-03-04T08:15:00Z' });
});

afterAll(async () => {
  await shop?.close();
});

async function getFaq(headers: Record<string, string> = {}, query = ''): Promise<Faq> {
  const response = await shop.app.inject({ url: `/api/faq${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<Faq>();
}

describe('GET /api/faq', () => {
  it('answers the FAQ with the contact details and the rebooking secret', async () => {
    const response = await shop.app.inject({ url: '/api/faq' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const faq = response.json<Faq>();
    expect(Object.keys(faq).sort()).toEqual(
      ['faq_enabled', 'questions', 'phone_number', 'email', 'whatsapp_url', 'opening_hours_url', 'rebooking_allowed', 'rebooking_secret'].sort(),
    );
    expect(faq).toMatchObject({
      faq_enabled: true,
      phone_number: '+31 20 123 4567',
      email: 'hello@tidewater.example',
      whatsapp_url: 'https://wa.me/31201234567',
      opening_hours_url: 'https://tidewater.example/opening-hours',
      rebooking_allowed: true,
      rebooking_secret: 'tidewater-rebook',
    });
    expect(faq.questions.length).toBeGreaterThan(0);
    expect(Object.keys(faq.questions[0]!).sort()).toEqual(['answer', 'id', 'question']);
    expect(faq.questions[0]).toMatchObject({ question: 'When are you open?' });
    expect(faq.questions[0]!.answer).toMatch(/^<p>The zoo is open every day/);
  });

  it('translates questions and answers', async () => {
    expect((await getFaq({ 'accept-language': 'nl' })).questions[0]!.question).toBe('Wanneer zijn jullie open?');
    expect((await getFaq({}, '?language=fr')).questions[0]!.question).toBe('Quels sont vos horaires ?');
    expect((await getFaq({ 'accept-language': 'ksh' })).questions[0]!.question).toBe('Wann haben Sie geöffnet?');
    expect((await getFaq({ 'accept-language': 'pt-BR' })).questions[0]!.question).toBe('When are you open?');
  });

  it('sanitises answers and falls back to the default language per field', async () => {
    const [question] = await shop.db
      .insert(faqQuestions)
      .values({
        sort: 999,
        texts: {
          en: {
            question: 'Is this safe?',
            answer: '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><p>ok</p>',
          },
          nl: { question: 'Is dit veilig?' },
        },
      })
      .returning();
    const dutch = await getFaq({ 'accept-language': 'nl' });
    const added = dutch.questions.find((candidate) => candidate.id === question!.id);
    expect(added?.question).toBe('Is dit veilig?');
    expect(added?.answer).toContain('<p>ok</p>');
    expect(added?.answer).not.toMatch(/script|onerror|javascript:|<img/i);
    expect(dutch.questions.at(-1)?.id).toBe(question!.id);
    await shop.db.delete(faqQuestions).where(eq(faqQuestions.id, question!.id));
  });

  it('keeps the rebooking secret on the server when rebooking is not allowed', async () => {
    await shop.db.update(organisations).set({ rebookingAllowed: false });
    const faq = await getFaq();
    expect(faq.rebooking_allowed).toBe(false);
    expect(faq.rebooking_secret).toBeNull();
    await shop.db.update(organisations).set({ rebookingAllowed: true });
    expect((await getFaq()).rebooking_secret).toBe('tidewater-rebook');
  });

  it('says when the FAQ is disabled', async () => {
    await shop.db.update(organisations).set({ faqEnabled: false });
    const faq = await getFaq();
    expect(faq.faq_enabled).toBe(false);
    expect(faq.questions).toEqual([]);
    await shop.db.update(organisations).set({ faqEnabled: true });
  });
});
