import * as React from 'react';
import { createPortal } from 'react-dom';
import { Slot } from '@radix-ui/react-slot';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@shared/constants';
import { cn } from '@/lib/class-merge';

/**
 * A light tooltip with the Radix Tooltip API (Provider / Tooltip / TooltipTrigger asChild / TooltipContent) and its
 * behaviour: opens after 700 ms of hover, at once on keyboard focus or when another tooltip closed less
 * than 300 ms ago; closes on leave, blur, click and Escape; `role="tooltip"` tied to the trigger by
 * aria-describedby. Positioned with getBoundingClientRect (no floating-ui): ~1 KB instead of ~13 KB gzipped.
 */

interface ProviderValue {
  delayDuration: number;
  skipDelayDuration: number;
  /** Records that a tooltip closed now (for the skip delay). */
  markClosed(): void;
  /** When the last tooltip closed (ms since epoch). */
  lastClosedAt(): number;
}

const ProviderContext = React.createContext<ProviderValue | null>(null);

/** Without a provider, tooltips share this clock. */
let lastClosedWithoutProvider = 0;
const noProviderClock = {
  markClosed: () => {
    lastClosedWithoutProvider = Date.now();
  },
  lastClosedAt: () => lastClosedWithoutProvider,
};

export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY_MS,
  skipDelayDuration = TOOLTIP_SKIP_DELAY_MS,
  children,
}: {
  delayDuration?: number;
  skipDelayDuration?: number;
  children?: React.ReactNode;
}) {
  const lastClosed = React.useRef(0);
  const value = React.useMemo<ProviderValue>(
    () => ({
      delayDuration,
      skipDelayDuration,
      markClosed: () => {
        lastClosed.current = Date.now();
      },
      lastClosedAt: () => lastClosed.current,
    }),
    [delayDuration, skipDelayDuration],
  );
  return <ProviderContext.Provider value={value}>{children}</ProviderContext.Provider>;
}

interface TooltipValue {
  open: boolean;
  contentId: string;
  triggerRef: React.RefObject<HTMLElement | null>;
  /** Schedules opening (hover) or opens at once (focus / skip delay). */
  requestOpen(immediate: boolean): void;
  close(): void;
}

const TooltipContext = React.createContext<TooltipValue | null>(null);

function useTooltip(part: string): TooltipValue {
  const value = React.useContext(TooltipContext);
  if (!value) throw new Error(`${part} must be used inside <Tooltip>`);
  return value;
}

export interface TooltipProps {
  children?: React.ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  delayDuration?: number;
}

export function Tooltip({ children, open: openProp, defaultOpen = false, onOpenChange, delayDuration }: TooltipProps) {
  const provider = React.useContext(ProviderContext);
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(defaultOpen);
  const open = openProp ?? uncontrolledOpen;
  const contentId = React.useId();
  const triggerRef = React.useRef<HTMLElement | null>(null);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clock = provider ?? noProviderClock;
  const delay = delayDuration ?? provider?.delayDuration ?? TOOLTIP_DELAY_MS;
  const skipDelay = provider?.skipDelayDuration ?? TOOLTIP_SKIP_DELAY_MS;

  const setOpen = React.useCallback(
    (next: boolean) => {
      if (openProp === undefined) setUncontrolledOpen(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange],
  );

  const value = React.useMemo<TooltipValue>(
    () => ({
      open,
      contentId,
      triggerRef,
      requestOpen(immediate) {
        clearTimeout(timer.current);
        if (immediate || Date.now() - clock.lastClosedAt() < skipDelay) setOpen(true);
        else timer.current = setTimeout(() => setOpen(true), delay);
      },
      close() {
        clearTimeout(timer.current);
        if (open) clock.markClosed();
        setOpen(false);
      },
    }),
    [open, contentId, clock, skipDelay, delay, setOpen],
  );

  React.useEffect(() => () => clearTimeout(timer.current), []);
  React.useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') value.close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, value]);

  return <TooltipContext.Provider value={value}>{children}</TooltipContext.Provider>;
}

function mergeRefs<T>(...refs: Array<React.Ref<T> | undefined>): React.RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

type TriggerProps = React.ComponentPropsWithoutRef<'button'> & { asChild?: boolean };

export const TooltipTrigger = React.forwardRef<HTMLButtonElement, TriggerProps>(
  ({ asChild = false, onPointerEnter, onPointerLeave, onPointerDown, onFocus, onBlur, ...props }, ref) => {
    const tooltip = useTooltip('TooltipTrigger');
    const Comp = asChild ? Slot : 'button';
    return (
      <Comp
        type={asChild ? undefined : 'button'}
        aria-describedby={tooltip.open ? tooltip.contentId : undefined}
        data-state={tooltip.open ? 'delayed-open' : 'closed'}
        {...props}
        ref={mergeRefs(ref, tooltip.triggerRef as React.Ref<HTMLButtonElement>)}
        onPointerEnter={(event: React.PointerEvent<HTMLButtonElement>) => {
          onPointerEnter?.(event);
          if (event.pointerType !== 'touch') tooltip.requestOpen(false);
        }}
        onPointerLeave={(event: React.PointerEvent<HTMLButtonElement>) => {
          onPointerLeave?.(event);
          tooltip.close();
        }}
        onPointerDown={(event: React.PointerEvent<HTMLButtonElement>) => {
          onPointerDown?.(event);
          tooltip.close();
        }}
        onFocus={(event: React.FocusEvent<HTMLButtonElement>) => {
          onFocus?.(event);
          // Keyboard focus only (Radix does the same): a click focuses too but must not pop the tooltip.
          if (event.currentTarget.matches(':focus-visible')) tooltip.requestOpen(true);
        }}
        onBlur={(event: React.FocusEvent<HTMLButtonElement>) => {
          onBlur?.(event);
          tooltip.close();
        }}
      />
    );
  },
);
TooltipTrigger.displayName = 'TooltipTrigger';

type Side = 'top' | 'bottom' | 'left' | 'right';
const VIEWPORT_PADDING = 8;

/** Fixed position beside the trigger, flipped when it would leave the viewport, clamped inside it. */
function placeBeside(trigger: DOMRect, content: DOMRect, side: Side, offset: number): { top: number; left: number } {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  let actual = side;
  if (side === 'top' && trigger.top - offset - content.height < VIEWPORT_PADDING) actual = 'bottom';
  else if (side === 'bottom' && trigger.bottom + offset + content.height > vh - VIEWPORT_PADDING) actual = 'top';
  else if (side === 'left' && trigger.left - offset - content.width < VIEWPORT_PADDING) actual = 'right';
  else if (side === 'right' && trigger.right + offset + content.width > vw - VIEWPORT_PADDING) actual = 'left';
  let top: number;
  let left: number;
  if (actual === 'top' || actual === 'bottom') {
    top = actual === 'top' ? trigger.top - offset - content.height : trigger.bottom + offset;
    left = trigger.left + trigger.width / 2 - content.width / 2;
  } else {
    left = actual === 'left' ? trigger.left - offset - content.width : trigger.right + offset;
    top = trigger.top + trigger.height / 2 - content.height / 2;
  }
  const clamp = (v: number, size: number, max: number) =>
    Math.min(Math.max(v, VIEWPORT_PADDING), Math.max(VIEWPORT_PADDING, max - size - VIEWPORT_PADDING));
  return { top: clamp(top, content.height, vh), left: clamp(left, content.width, vw) };
}

export interface TooltipContentProps extends React.HTMLAttributes<HTMLDivElement> {
  side?: Side;
  sideOffset?: number;
}

export const TooltipContent = React.forwardRef<HTMLDivElement, TooltipContentProps>(
  ({ className, side = 'top', sideOffset = 4, style, ...props }, ref) => {
    const tooltip = useTooltip('TooltipContent');
    const contentRef = React.useRef<HTMLDivElement | null>(null);
    const [position, setPosition] = React.useState<{ top: number; left: number } | null>(null);

    React.useLayoutEffect(() => {
      // Closed: nothing to place (a stale position is replaced before the next paint when it opens again).
      if (!tooltip.open) return;
      const update = () => {
        const trigger = tooltip.triggerRef.current;
        const content = contentRef.current;
        if (trigger && content)
          setPosition(placeBeside(trigger.getBoundingClientRect(), content.getBoundingClientRect(), side, sideOffset));
      };
      update();
      window.addEventListener('scroll', update, true);
      window.addEventListener('resize', update);
      return () => {
        window.removeEventListener('scroll', update, true);
        window.removeEventListener('resize', update);
      };
    }, [tooltip.open, tooltip.triggerRef, side, sideOffset]);

    if (!tooltip.open) return null;
    return createPortal(
      <div
        ref={mergeRefs(ref, contentRef)}
        id={tooltip.contentId}
        role="tooltip"
        data-state="delayed-open"
        data-side={side}
        style={{
          position: 'fixed',
          top: position?.top ?? 0,
          left: position?.left ?? 0,
          visibility: position ? 'visible' : 'hidden',
          ...style,
        }}
        className={cn(
          'pointer-events-none z-50 max-w-xs rounded-md bg-primary px-3 py-1.5 text-xs text-primary-foreground shadow-md',
          className,
        )}
        {...props}
      />,
      document.body,
    );
  },
);
TooltipContent.displayName = 'TooltipContent';
