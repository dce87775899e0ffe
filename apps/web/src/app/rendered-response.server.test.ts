import { describe, expect, it } from 'vitest';
import { renderedHtml, renderedResponse } from './rendered-response.server';

describe('renderedResponse', () => {
  const html = '<!DOCTYPE html><html><body><p>คอนโด ฿3,500,000 — 公寓 🏠</p></body></html>';

  it('hands the server the text its body reads as, status and headers kept', async () => {
    const response = renderedResponse(html, 404, new Headers({ 'Content-Type': 'text/html; charset=utf-8' }));
    expect(renderedHtml(response)).toBe(html);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(html);
  });

  it('knows no other Response: the server reads those bodies', async () => {
    expect(renderedHtml(new Response(html))).toBeUndefined();
    expect(renderedHtml(Response.redirect('https://example.com/', 302))).toBeUndefined();
  });
});
