import type { ComponentType } from 'react';
import type { ConfigGroup } from '@shared/contracts/config-groups/config-group';
import type { ConfigSectionProps } from './config-section-props';
import { BrokerConfigSection } from './sections/broker-config-section';
import { FtpConfigSection } from './sections/ftp-config-section';
import { LogoConfigSection } from './sections/logo-config-section';
import { MailConfigSection } from './sections/mail-config-section';
import { OrgConfigSection } from './sections/org-config-section';
import { PaymentConfigsSection } from './sections/payment-configs-section';

/**
 * The section that shows each config group on /configs (the page draws the card, its title and "last
 * saved" line around it). A group the API answers but not listed here is not shown. To add one: write
 * `sections/<group>-section.tsx` with a `ConfigForm` and its fields, and add one line here.
 */
export const CONFIG_SECTIONS: Partial<Record<ConfigGroup, ComponentType<ConfigSectionProps>>> = {
  PAYMENT_CONFIGS: PaymentConfigsSection,
  ORG_CONFIG: OrgConfigSection,
  MAIL_CONFIG: MailConfigSection,
  LOGO_CONFIG: LogoConfigSection,
  BROKER_CONFIG: BrokerConfigSection,
  FTP_CONFIG: FtpConfigSection,
};
