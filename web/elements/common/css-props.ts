/**
 * `style=${cssProps({ "--seat": "…" })}`: sets CSS custom properties (or any properties) through the CSSOM,
 * `element.style.setProperty`, on every render including the first. A strict Content-Security-Policy
 * (`style-src 'self'`) refuses style attributes but not CSSOM writes; Lit's `styleMap` writes the attribute on
 * its first render, so it is refused there (issue #12).
 */
import { noChange } from "lit";
import { type AttributePart, Directive, directive, type PartInfo, PartType } from "lit/directive.js";

class CssProps extends Directive {
  private previous = new Set<string>();

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ATTRIBUTE || info.name !== "style")
      throw new Error("cssProps() must be the whole value of a style attribute");
  }

  render(_props: Readonly<Record<string, string>>): typeof noChange {
    return noChange;
  }

  override update(part: AttributePart, [props]: [Readonly<Record<string, string>>]): typeof noChange {
    const { style } = part.element as HTMLElement | SVGElement;
    for (const name of this.previous) if (!(name in props)) style.removeProperty(name);
    for (const [name, value] of Object.entries(props)) style.setProperty(name, value);
    this.previous = new Set(Object.keys(props));
    return noChange;
  }
}

export const cssProps = directive(CssProps);
