import * as z from 'zod';

/** Every enumerated range of spec §3 ("Ranges"), each once, as a value list and a zod schema. */
export const SCRIPT_TYPES = ['EQ', 'CE', 'PE', 'FUT'] as const;
export const BRIDGE_SCRIPT_TYPES = ['EQ', 'OPT', 'FUT'] as const;
export const OPTION_SELECTIONS = ['SYMBOL_BASED', 'PREMIUM_BASED', 'ATM_BASED'] as const;
export const ENTRY_TYPES = ['DIRECT', 'LTP', 'CANDLE'] as const;
export const LEVEL_DIRECTIONS = ['ABOVE', 'BELOW'] as const;
export const EXIT_LEVEL_TYPES = ['LTP', 'CANDLE', 'PERCENTAGE', 'POINT'] as const;
export const JSON_BRIDGE_EXIT_LEVEL_TYPES = ['LTP', 'POINT', 'PERCENTAGE'] as const;
export const ORDER_TYPES = ['MARKET', 'LIMIT', 'SL'] as const;
export const PRODUCTS = ['INTRADAY', 'CARRYFORWARD', 'DELIVERY', 'MARGIN'] as const;
export const ACTIONS = ['BUY', 'SELL'] as const;
export const BRIDGE_DIRECTIONS = ['UP', 'DOWN', 'NONE'] as const;
export const EXCHANGES = ['NSE', 'BSE', 'NFO', 'BFO', 'MCX'] as const;
export const TRIGGER_SCRIPT_TYPES = ['EQUITY', 'OPTION', 'FUTURE'] as const;
export const OPTION_BASES = ['INDEX', 'STOCK', 'FUTURE'] as const;
export const EXPIRY_TYPES = ['monthly', 'weekly'] as const;
export const ORDER_ORIGINS = ['manual', 'copytrading', 'ordermanager', 'bridge', 'api'] as const;
export const AGE_RANGES = ['Below 18', '18-30', '30-50', 'Above 50'] as const;
export const PAYMENT_METHODS = ['BANK', 'PHONEPE'] as const;
export const IP_VERSIONS = ['IPv4', 'IPv6'] as const;
export const VISIBILITIES = ['PRIVATE', 'PUBLIC'] as const;
export const WHITE_LABEL_IMAGE_TYPES = ['horizontal_logo', 'vertical_logo', 'login_bg', 'favicon'] as const;
export const PANEL_CONFIG_GROUPS = [
  'PAYMENT_CONFIGS',
  'MAIL_CONFIG',
  'BROKER_CONFIG',
  'LOGO_CONFIG',
  'FTP_CONFIG',
  'ORG_CONFIG',
] as const;
export const NOTIFICATION_TYPES = ['Broker Connected', 'Broker Removed', 'Group Expired', 'Bridge Expired'] as const;
export const VIEW_MODES = ['card', 'table'] as const;
export const CHART_VIEWS = ['CHART', 'TABLE'] as const;

export const scriptTypeSchema = z.enum(SCRIPT_TYPES);
export const bridgeScriptTypeSchema = z.enum(BRIDGE_SCRIPT_TYPES);
export const optionSelectionSchema = z.enum(OPTION_SELECTIONS);
export const entryTypeSchema = z.enum(ENTRY_TYPES);
export const levelDirectionSchema = z.enum(LEVEL_DIRECTIONS);
export const exitLevelTypeSchema = z.enum(EXIT_LEVEL_TYPES);
export const jsonBridgeExitLevelTypeSchema = z.enum(JSON_BRIDGE_EXIT_LEVEL_TYPES);
export const orderTypeSchema = z.enum(ORDER_TYPES);
export const productSchema = z.enum(PRODUCTS);
export const actionSchema = z.enum(ACTIONS);
export const bridgeDirectionSchema = z.enum(BRIDGE_DIRECTIONS);
export const exchangeSchema = z.enum(EXCHANGES);
export const triggerScriptTypeSchema = z.enum(TRIGGER_SCRIPT_TYPES);
export const optionBaseSchema = z.enum(OPTION_BASES);
export const expiryTypeSchema = z.enum(EXPIRY_TYPES);
export const orderOriginSchema = z.enum(ORDER_ORIGINS);
export const ageRangeSchema = z.enum(AGE_RANGES);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export const ipVersionSchema = z.enum(IP_VERSIONS);
export const visibilitySchema = z.enum(VISIBILITIES);
export const whiteLabelImageTypeSchema = z.enum(WHITE_LABEL_IMAGE_TYPES);
export const panelConfigGroupSchema = z.enum(PANEL_CONFIG_GROUPS);

/**
 * Units of a JSON bridge trailing stop (`trail_type`). The spec names the field but not its values; a trail
 * is a distance, so it takes the target/stop-loss units that measure distance (POINT, PERCENTAGE) and not
 * LTP, which is an absolute price.
 */
export const TRAIL_TYPES = ['POINT', 'PERCENTAGE'] as const;
export const trailTypeSchema = z.enum(TRAIL_TYPES);
