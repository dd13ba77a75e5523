import { LOGO_SLOTS, type LogoConfig } from '../../shared/contracts/config-groups/logo-config';
import { getWhiteLabelImageVersions } from '../data/white-label-repository';
import { ValidationError } from '../platform/errors';

const KIND_LABELS: Readonly<Record<LogoConfig['favicon'] & string, string>> = {
  '': '',
  horizontal_logo: 'horizontal logo',
  vertical_logo: 'vertical logo',
  login_bg: 'login background',
  favicon: 'favicon',
};

/**
 * A LOGO_CONFIG save may only fill a slot with an image this franchise has uploaded
 * (`setwhitelabelimages`); naming a kind it never uploaded is refused, nothing saved.
 */
export async function checkLogoSlots(frchId: number, config: LogoConfig): Promise<void> {
  const uploads = await getWhiteLabelImageVersions(frchId);
  const issues = LOGO_SLOTS.flatMap((slot) => {
    const kind = config[slot];
    if (kind === '' || uploads[kind] !== null) return [];
    return [{ path: `config.${slot}`, message: `No ${KIND_LABELS[kind]} has been uploaded yet. Upload it first.` }];
  });
  if (issues.length > 0) throw new ValidationError(issues, issues[0]?.message);
}
