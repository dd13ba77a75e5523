import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Brand } from '../../shared/contracts/brand';
import type { ConfigGroupView } from '../../shared/contracts/panel-configs';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const A = '/api/v4';
const NO_ROLES = { is_brokerpanel: false, is_white_label: false, can_add_subuser: false, is_ip_enable: false };
const WHITE_LABEL = profileFixture({ ...NO_ROLES, user_id: 5, is_white_label: true });
const ORDINARY = profileFixture({ ...NO_ROLES, user_id: 6 });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const BRAND: Brand = {
  horizontal_logo: '/files/whitelabel/3/horizontal_logo?v=1',
  vertical_logo: null,
  login_bg: null,
  favicon: null,
  product_name: 'Acme Trade',
  organisation: {
    organisation_name: 'Acme Capital Services',
    support_email: 'help@acme-trade.example',
    support_phone: '+91 20 5555 0101',
    website: '',
    terms_url: 'https://acme-trade.example/terms',
    privacy_url: 'https://acme-trade.example/privacy',
    twitter_url: '',
    telegram_url: '',
    youtube_url: '',
    instagram_url: '',
  },
};

type LogoView = Extract<ConfigGroupView, { config_type: 'LOGO_CONFIG' }>;
const LOGO_BEFORE_FIRST_SAVE: LogoView = {
  config_type: 'LOGO_CONFIG',
  title: 'Logo and brand',
  editable: true,
  configured: false,
  config: null,
  secrets_set: {},
  updated_at: null,
  updated_by: null,
};

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

function signInAs(profile: UserProfile, brand: Brand, groups: ConfigGroupView[] = []) {
  const saves: unknown[] = [];
  const uploads: { imageType: FormDataEntryValue | null; image: FormDataEntryValue | null }[] = [];
  saveSession(validToken({ user_id: profile.user_id, frch_id: 3 }), profile);
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(profile)),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${A}/users/getwhitelabelimages`]: () => jsonResponse(successBody(brand)),
    [`GET ${A}/users/brokerpanelconfigs/getbrokerpanelconfigs`]: () => jsonResponse(successBody({ groups })),
    [`POST ${A}/users/setwhitelabelimages`]: async (request) => {
      const form = await request.formData();
      uploads.push({ imageType: form.get('image_type'), image: form.get('image') });
      return jsonResponse(successBody({ horizontal_logo: brand.horizontal_logo, vertical_logo: null, login_bg: null, favicon: '/files/whitelabel/3/favicon?v=9' }));
    },
    [`POST ${A}/users/brokerpanelconfigs/updateconfigs`]: async (request) => {
      const body = (await request.json()) as { config: LogoView['config'] };
      saves.push(body);
      return jsonResponse(successBody({ ...LOGO_BEFORE_FIRST_SAVE, configured: true, config: body.config, updated_at: '2026-11-21T09:00:00.000Z', updated_by: profile.user_id }));
    },
  });
  return { saves, uploads };
}

describe('the brand in the signed-in screens', () => {
  afterEach(resetWebTestState);

  it("shows the host's logo, named by its product name, at the head of the sidebar", async () => {
    signInAs(ORDINARY, BRAND);
    renderApp('/demat');
    const sidebar = await screen.findByRole('complementary');
    const logo = await within(sidebar).findByRole('img', { name: 'Acme Trade' });
    expect(logo.getAttribute('src')).toBe('/files/whitelabel/3/horizontal_logo?v=1');
    expect(within(sidebar).getByRole('heading').textContent).not.toContain('TradeBridge');
  });

  it("shows the product name in the sidebar where the host has no logo", async () => {
    signInAs(ORDINARY, { ...BRAND, horizontal_logo: null });
    renderApp('/demat');
    const sidebar = await screen.findByRole('complementary');
    await waitFor(() => expect(within(sidebar).getByRole('heading').textContent).toContain('Acme Trade'));
  });

  it("offers the organisation's support mail and phone, terms and privacy in the profile menu", async () => {
    signInAs(ORDINARY, BRAND);
    renderApp('/demat');
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Profile menu' }), { key: 'Enter' });
    const mail = await screen.findByRole('menuitem', { name: 'Email support: help@acme-trade.example' });
    expect(mail.getAttribute('href')).toBe('mailto:help@acme-trade.example');
    expect(screen.getByRole('menuitem', { name: 'Call support: +91 20 5555 0101' }).getAttribute('href')).toBe('tel:+912055550101');
    const terms = screen.getByRole('menuitem', { name: 'Terms and conditions' });
    expect(terms.getAttribute('href')).toBe('https://acme-trade.example/terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('menuitem', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://acme-trade.example/privacy');
    expect(screen.queryByRole('menuitem', { name: 'Website' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toBeTruthy();
  });

  it('keeps the profile menu to its own entries while the organisation has saved nothing', async () => {
    signInAs(ORDINARY, { ...BRAND, organisation: null });
    renderApp('/demat');
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Profile menu' }), { key: 'Enter' });
    await screen.findByRole('menuitem', { name: 'Log Out' });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Features', 'Reset Password', 'Stop all automation', 'Log Out', 'Log Out of All Devices']);
  });
});

describe('LOGO_CONFIG on /configs', () => {
  afterEach(resetWebTestState);

  it('starts from the images shown today, uploads a favicon with a preview, and saves the name and each slot', async () => {
    const { saves, uploads } = signInAs(WHITE_LABEL, BRAND, [LOGO_BEFORE_FIRST_SAVE]);
    renderApp('/configs');
    const section = await screen.findByRole('region', { name: 'Logo and brand' });
    // The horizontal logo shown today is the slot's starting image
    expect(within(section).getByRole('img', { name: 'Horizontal logo preview' }).getAttribute('src')).toBe(BRAND.horizontal_logo);
    // Upload a favicon
    fireEvent.change(within(section).getByLabelText('Browser tab icon'), { target: { files: [new File([PNG], 'icon.png', { type: 'image/png' })] } });
    const preview = await within(section).findByRole('img', { name: 'Browser tab icon preview' });
    expect(preview.getAttribute('src')).toBe('/files/whitelabel/3/favicon?v=9');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.imageType).toBe('favicon');
    // Name the product and save
    fireEvent.change(within(section).getByLabelText('Product name'), { target: { value: 'Acme Trade' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      config_type: 'LOGO_CONFIG',
      config: { product_name: 'Acme Trade', horizontal_logo: 'horizontal_logo', vertical_logo: '', login_bg: '', favicon: 'favicon' },
    });
  });

  it('refuses a file that is not a PNG, JPEG or WebP image before sending it, and Remove empties a slot', async () => {
    const { saves, uploads } = signInAs(WHITE_LABEL, BRAND, [{ ...LOGO_BEFORE_FIRST_SAVE, configured: true, config: { product_name: 'Acme Trade', horizontal_logo: 'horizontal_logo', vertical_logo: '', login_bg: '', favicon: '' } }]);
    renderApp('/configs');
    const section = await screen.findByRole('region', { name: 'Logo and brand' });
    fireEvent.change(within(section).getByLabelText('Login background'), { target: { files: [new File(['GIF89a'], 'bg.gif', { type: 'image/gif' })] } });
    expect(await within(section).findByText(/Choose a PNG, JPEG or WebP image/)).toBeTruthy();
    expect(uploads).toHaveLength(0);
    fireEvent.click(within(section).getByRole('button', { name: 'Remove' }));
    expect(within(section).queryByRole('img', { name: 'Horizontal logo preview' })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ config: { horizontal_logo: '' } });
  });
});
