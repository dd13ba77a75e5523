/** Relative luminance (0 black … 1 white) of a computed CSS colour like `rgb(13, 26, 38)`. */
export function relativeLuminance(cssColor: string): number {
  const channels = /rgba?\(([^)]+)\)/.exec(cssColor)?.[1]?.split(/[\s,/]+/).filter(Boolean).slice(0, 3).map(Number);
  if (!channels || channels.length !== 3 || channels.some(Number.isNaN)) {
    throw new Error(`not an rgb() colour: ${cssColor}`);
  }
  const [red = 0, green = 0, blue = 0] = channels.map((value) => {
    const unit = value / 255;
    return unit <= 0.03928 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}
