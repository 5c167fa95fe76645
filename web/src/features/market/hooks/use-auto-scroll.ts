import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { wrapOffset, advanceOffset } from '../lib/ticker-math';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

interface Options {
  speedPxPerS: number;
  /** true: the strip follows the pointer while pressed (market ticker); false: a press only pauses it. */
  draggable: boolean;
}

/**
 * Endless horizontal strip: the track's children are identical copies; requestAnimationFrame moves the track
 * with a transform (no React render per frame) and wraps by one copy width. Paused while pressed or dragged
 * and while hovered; never moves by itself when the system asks for reduced motion.
 */
export function useAutoScroll({ speedPxPerS, draggable }: Options) {
  const trackRef = useRef<HTMLDivElement>(null);
  const motion = useRef({ offset: 0, copyWidth: 0, pressed: false, hovered: false, startX: 0, startOffset: 0 });
  const reducedMotion = usePrefersReducedMotion();
  const [pressed, setPressed] = useState(false);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const m = motion.current;
    const measure = () => {
      const first = track.firstElementChild;
      m.copyWidth = first instanceof HTMLElement ? first.offsetWidth : 0;
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer && track.firstElementChild) observer.observe(track.firstElementChild);
    if (reducedMotion) return () => observer?.disconnect();

    let frame = 0;
    let last = performance.now();
    const tick = (now: number) => {
      if (!m.pressed && !m.hovered) {
        m.offset = advanceOffset(m.offset, now - last, speedPxPerS, m.copyWidth);
        track.style.transform = `translate3d(${m.offset}px, 0, 0)`;
      }
      last = now;
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [reducedMotion, speedPxPerS]);

  const release = (event: PointerEvent<HTMLElement>) => {
    const m = motion.current;
    if (!m.pressed) return;
    m.pressed = false;
    setPressed(false);
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      const m = motion.current;
      m.pressed = true;
      m.startX = event.clientX;
      m.startOffset = m.offset;
      setPressed(true);
      if (draggable) event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const m = motion.current;
      if (!draggable || !m.pressed || !trackRef.current) return;
      m.offset = wrapOffset(m.startOffset + event.clientX - m.startX, m.copyWidth);
      trackRef.current.style.transform = `translate3d(${m.offset}px, 0, 0)`;
    },
    onPointerUp: release,
    onPointerCancel: release,
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      motion.current.hovered = false;
      if (!draggable) release(event);
    },
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') motion.current.hovered = true;
    },
  };

  return { trackRef, handlers, pressed, reducedMotion };
}
