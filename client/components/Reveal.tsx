import { useEffect, useRef, type ElementType, type ReactNode } from "react";
import { observeReveal } from "../reveal.ts";

type RevealProps = {
  as?: ElementType;
  className?: string;
  /** Animation flavour: fade up (default), fade from the left or right, zoom. */
  effect?: "up" | "left" | "right" | "zoom";
  children: ReactNode;
} & Record<string, unknown>;

/** Content that animates in once when scrolled into view (never hidden without JavaScript). */
export function Reveal({ as: Tag = "div", className, effect = "up", children, ...rest }: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current ? observeReveal(ref.current) : undefined), []);
  return (
    <Tag ref={ref} className={className ? `reveal ${className}` : "reveal"} data-effect={effect} {...rest}>
      {children}
    </Tag>
  );
}
