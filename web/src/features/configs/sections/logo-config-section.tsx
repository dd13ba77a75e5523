import { Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { Brand } from '@shared/contracts/brand';
import { LOGO_SLOTS, type LogoSlot } from '@shared/contracts/config-groups/logo-config';
import type { ConfigGroupView } from '@shared/contracts/panel-configs';
import { useBrand } from '@/entities/brand/api/use-brand';
import type { ConfigSectionProps } from '../config-section-props';
import { ConfigForm } from '../form/config-form';
import { ConfigTextField } from '../form/config-text-field';
import { LogoSlotField } from './logo-slot-field';
import '../logo-config.css';

const SLOTS: readonly { slot: LogoSlot; label: string; hint: string }[] = [
  { slot: 'horizontal_logo', label: 'Horizontal logo', hint: 'Sidebar and login page. A wide image, about 4 : 1.' },
  { slot: 'vertical_logo', label: 'Vertical logo', hint: 'Shown where there is no horizontal logo. A tall or square image.' },
  { slot: 'login_bg', label: 'Login background', hint: 'Behind the login, sign-up and password pages. A large landscape picture.' },
  { slot: 'favicon', label: 'Browser tab icon', hint: 'The small icon in the browser tab. A square PNG, 64 × 64 or larger.' },
];

type LogoView = Extract<ConfigGroupView, { config_type: 'LOGO_CONFIG' }>;

/** Which upload each slot shows now: the saved choice, or before the first save the upload of the slot's own kind. */
function savedSlots(view: LogoView, brand: Brand | undefined): Record<LogoSlot, string> {
  return Object.fromEntries(LOGO_SLOTS.map((slot) => [slot, view.configured ? (view.config?.[slot] ?? '') : brand?.[slot] ? slot : ''])) as Record<LogoSlot, string>;
}

/** The URL of each upload, as far as the brand shows it (an upload made here adds its own). */
function uploadUrls(slots: Record<LogoSlot, string>, brand: Brand | undefined): Partial<Record<LogoSlot, string>> {
  const urls: Partial<Record<LogoSlot, string>> = {};
  for (const slot of LOGO_SLOTS) {
    const kind = slots[slot] as LogoSlot | '';
    const url = brand?.[slot];
    if (kind !== '' && url) urls[kind] = url;
  }
  return urls;
}

/**
 * LOGO_CONFIG: the product name and the brand's images (logos, login background, tab icon), shown on
 * this host's pages, the login page included. Images upload at once; Save keeps the name and which image
 * fills each place.
 */
export function LogoConfigSection({ view }: ConfigSectionProps) {
  const logoView = view as LogoView;
  const { data: brand } = useBrand();
  const slots = savedSlots(logoView, brand);
  const [uploaded, setUploaded] = useState<Partial<Record<LogoSlot, string>>>({});
  const uploads = { ...uploadUrls(slots, brand), ...uploaded };
  const start: LogoView = logoView.configured ? logoView : { ...logoView, config: { product_name: '', ...slots } as LogoView['config'] };
  return (
    <ConfigForm key={logoView.configured || brand ? 'ready' : 'waiting'} view={start}>
      <ConfigTextField name="product_name" label="Product name" descriptiveText="Shown in the browser tab, the sidebar and the login page. Leave blank for the platform's own name." />
      <Text fontSize="small" variation="secondary">
        PNG, JPEG or WebP images, at most 2 MB each. A new image replaces the one shown at once; Save keeps the name and any image added or removed.
      </Text>
      <div className="logo-config__slots">
        {SLOTS.map(({ slot, label, hint }) => (
          <LogoSlotField key={slot} slot={slot} label={label} hint={hint} uploads={uploads} onUploaded={(kind, url) => setUploaded((current) => ({ ...current, [kind]: url }))} />
        ))}
      </div>
    </ConfigForm>
  );
}
