import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Brand } from '../../shared/contracts/brand';
import { loadBrand } from '../../web/src/app/boot/load-brand';
import { setBootBrand } from '../../web/src/entities/brand/boot-brand';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const BRAND_CALL = 'GET /api/v4/users/getwhitelabelimages';

const ACME: Brand = {
  horizontal_logo: null,
  vertical_logo: null,
  login_bg: '/files/whitelabel/9/login_bg?v=2',
  favicon: '/files/whitelabel/9/favicon?v=3',
  product_name: 'Acme Trade',
  organisation: {
    organisation_name: 'Acme Capital Services',
    support_email: 'help@acme-trade.example',
    support_phone: '+91 20 5555 0101',
    website: 'https://acme-trade.example',
    terms_url: 'https://acme-trade.example/terms',
    privacy_url: 'https://acme-trade.example/privacy',
    twitter_url: '',
    telegram_url: 'https://t.me/acmetrade',
    youtube_url: '',
    instagram_url: '',
  },
};

/** Every text the page showed, as it changed: the platform's name must never be among them. */
function recordTexts(): string[] {
  const seen: string[] = [document.body.textContent ?? ''];
  const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  afterEachCleanups.push(() => observer.disconnect());
  return seen;
}

const afterEachCleanups: (() => void)[] = [];
const favicon = () => document.getElementById('brand-favicon') as HTMLLinkElement | null;

describe("the host's brand before login", () => {
  beforeEach(() => {
    document.title = '';
  });
  afterEach(() => {
    for (const cleanup of afterEachCleanups.splice(0)) cleanup();
    setBootBrand(undefined);
    favicon()?.remove();
    resetWebTestState();
  });

  it('shows a neutral bar, never the platform name, while the brand loads; then the host’s name, background and title', async () => {
    // Prepare
    let answer: (response: Response) => void = () => {};
    stubFetch({ [BRAND_CALL]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const texts = recordTexts();
    // Act
    renderApp('/login');
    // Assess: the form is usable, the brand place is a neutral loading bar
    await screen.findByLabelText('Email or mobile number');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.auth-screen')?.dataset.background).toBe('plain');
    expect(document.title).toBe('');
    // Act: the brand arrives
    await act(async () => answer(jsonResponse(successBody(ACME))));
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Trade' })).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.auth-screen')?.style.backgroundImage).toContain('/files/whitelabel/9/login_bg?v=2');
    await waitFor(() => expect(document.title).toBe('Acme Trade'));
    expect(favicon()?.getAttribute('href')).toBe('/files/whitelabel/9/favicon?v=3');
    expect(texts.some((text) => text.includes('TradeBridge'))).toBe(false);
  });

  it('reads the brand before the first paint: the first screen shows it at once and asks no second time', async () => {
    // Prepare
    const { requests } = stubFetch({ [BRAND_CALL]: () => jsonResponse(successBody({ ...ACME, horizontal_logo: '/files/whitelabel/9/horizontal_logo?v=1' })) });
    // Act: what main.tsx does before it renders
    await loadBrand();
    // Assess: the tab already carries the brand
    expect(document.title).toBe('Acme Trade');
    expect(favicon()?.getAttribute('href')).toBe('/files/whitelabel/9/favicon?v=3');
    // Act
    const texts = recordTexts();
    renderApp('/login');
    // Assess
    const logo = await screen.findByRole('img', { name: 'Acme Trade' });
    expect(logo.getAttribute('src')).toBe('/files/whitelabel/9/horizontal_logo?v=1');
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(texts.some((text) => text.includes('TradeBridge'))).toBe(false);
    expect(requests.filter((request) => request.url.endsWith('/users/getwhitelabelimages'))).toHaveLength(1);
  });

  it('does not hold the app when the brand is slow: the start goes on after the wait', async () => {
    // Prepare
    stubFetch({ [BRAND_CALL]: () => new Promise<Response>(() => {}) });
    // Act
    const brand = await loadBrand(20);
    // Assess
    expect(brand).toBeUndefined();
    expect(document.title).toBe('');
  });

  it("links to the organisation's support, terms, privacy and social pages on the login page", async () => {
    // Prepare
    stubFetch({ [BRAND_CALL]: () => jsonResponse(successBody(ACME)) });
    // Act
    renderApp('/login');
    // Assess
    const links = await screen.findByRole('list', { name: 'Acme Capital Services' });
    const hrefOf = (name: string) => [...links.querySelectorAll('a')].find((link) => link.textContent === name)?.getAttribute('href');
    expect(hrefOf('Email support: help@acme-trade.example')).toBe('mailto:help@acme-trade.example');
    expect(hrefOf('Call support: +91 20 5555 0101')).toBe('tel:+912055550101');
    expect(hrefOf('Terms and conditions')).toBe('https://acme-trade.example/terms');
    expect(hrefOf('Privacy policy')).toBe('https://acme-trade.example/privacy');
    expect(hrefOf('Telegram')).toBe('https://t.me/acmetrade');
    expect(hrefOf('X (Twitter)')).toBeUndefined();
  });

  it('shows no links while the organisation has not saved its details', async () => {
    // Prepare
    stubFetch({ [BRAND_CALL]: () => jsonResponse(successBody({ ...ACME, organisation: null })) });
    // Act
    renderApp('/login');
    // Assess
    await screen.findByRole('heading', { level: 1, name: 'Acme Trade' });
    expect(screen.queryByRole('link', { name: /support/ })).toBeNull();
  });
});
