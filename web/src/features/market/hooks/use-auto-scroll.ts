import { useEffect, useRef } from 'react';
import { dragTime, loopDurationMs, rescaleTime, wrapTime } from '../lib/ticker-math';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

interface Options {
  speedPxPerS: number;
  /** true: the strip follows the mouse while pressed (market ticker); false: a press only pauses it. */
  draggable: boolean;
}

const translate = (px: number) => `translate3d(${px}px, 0, 0)`;

/**
 * Endless horizontal strip moved by the compositor: the track's children are identical copies and one Web
 * Animation translates the track by one copy width, repeated forever (ticker-math.ts). Nothing runs on the main
 * thread per frame and React never renders for the motion: the animation is created from the refs once a ResizeObserver
 * gives the copy width, re-timed when that width changes, paused and scrubbed by native pointer listeners.
 *
 * Paused while the mouse hovers the strip, while it is pressed (mouse, touch or pen) and, when `draggable`, the
 * pressed mouse drags it. Under `prefers-reduced-motion` it never moves by itself (it can still be dragged).
 * While pressed the strip carries `data-pressed` (cursor), while paused `data-paused`.
 */
export function useAutoScroll<S extends HTMLElement, T extends HTMLElement>({ speedPxPerS, draggable }: Options) {
  const stripRef = useRef<S>(null);
  const trackRef = useRef<T>(null);
  /** Place in the loop (0..1) kept across re-creations of the animation (reduced motion toggled). */
  const progress = useRef(0);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const strip = stripRef.current;
    const track = trackRef.current;
    if (!strip || !track || typeof track.animate !== 'function') return;

    let animation: Animation | null = null;
    let duration = 0;
    const gesture = { pressed: false, hovered: false, pointerId: -1, startX: 0, startTime: 0 };
    const timeOf = (a: Animation) => (typeof a.currentTime === 'number' ? a.currentTime : 0);

    const applyPlayState = () => {
      const paused = reducedMotion || gesture.pressed || gesture.hovered;
      if (paused) strip.setAttribute('data-paused', 'true');
      else strip.removeAttribute('data-paused');
      if (!animation) return;
      if (paused && animation.playState !== 'paused') animation.pause();
      if (!paused && animation.playState !== 'running') animation.play();
    };

    /** (Re)times the loop for a copy `width` px wide, keeping the place in the loop. */
    const retime = (width: number) => {
      const next = loopDurationMs(width, speedPxPerS);
      if (next === 0 || next === duration) return;
      const keyframes = [{ transform: translate(0) }, { transform: translate(-width) }];
      if (!animation) {
        animation = track.animate(keyframes, { duration: next, iterations: Infinity, easing: 'linear' });
        animation.currentTime = progress.current * next;
      } else {
        const time = rescaleTime(timeOf(animation), duration, next);
        (animation.effect as KeyframeEffect).setKeyframes(keyframes);
        animation.effect?.updateTiming({ duration: next });
        animation.currentTime = time;
        if (gesture.pressed) gesture.startTime = rescaleTime(gesture.startTime, duration, next);
      }
      duration = next;
      applyPlayState();
    };

    const release = (event: PointerEvent) => {
      if (!gesture.pressed || event.pointerId !== gesture.pointerId) return;
      gesture.pressed = false;
      strip.removeAttribute('data-pressed');
      if (strip.hasPointerCapture?.(event.pointerId)) strip.releasePointerCapture(event.pointerId);
      applyPlayState();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      gesture.pressed = true;
      gesture.pointerId = event.pointerId;
      gesture.startX = event.clientX;
      gesture.startTime = animation ? timeOf(animation) : 0;
      strip.setAttribute('data-pressed', 'true');
      applyPlayState();
      if (draggable && event.pointerType === 'mouse') strip.setPointerCapture?.(event.pointerId);
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!draggable || !gesture.pressed || event.pointerId !== gesture.pointerId || !animation) return;
      if (event.pointerType !== 'mouse') return;
      animation.currentTime = dragTime(gesture.startTime, event.clientX - gesture.startX, speedPxPerS, duration);
    };
    const onPointerEnter = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      gesture.hovered = true;
      applyPlayState();
    };
    const onPointerLeave = (event: PointerEvent) => {
      gesture.hovered = false;
      // A press that is not a mouse drag ends when the pointer leaves the strip.
      if (!(draggable && event.pointerType === 'mouse')) release(event);
      applyPlayState();
    };

    // The observer reports the copy's width after layout, at once and on every change (prices, fonts): reading
    // it here would force a synchronous layout of the page while it loads.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            const box = entries[entries.length - 1];
            if (box) retime(box.borderBoxSize?.[0]?.inlineSize ?? box.contentRect.width);
          });
    if (observer && track.firstElementChild) observer.observe(track.firstElementChild);
    strip.addEventListener('pointerdown', onPointerDown);
    strip.addEventListener('pointermove', onPointerMove);
    strip.addEventListener('pointerup', release);
    strip.addEventListener('pointercancel', release);
    strip.addEventListener('pointerenter', onPointerEnter);
    strip.addEventListener('pointerleave', onPointerLeave);
    applyPlayState();
    return () => {
      observer?.disconnect();
      strip.removeEventListener('pointerdown', onPointerDown);
      strip.removeEventListener('pointermove', onPointerMove);
      strip.removeEventListener('pointerup', release);
      strip.removeEventListener('pointercancel', release);
      strip.removeEventListener('pointerenter', onPointerEnter);
      strip.removeEventListener('pointerleave', onPointerLeave);
      strip.removeAttribute('data-paused');
      strip.removeAttribute('data-pressed');
      if (animation) {
        progress.current = duration > 0 ? wrapTime(timeOf(animation), duration) / duration : 0;
        animation.cancel();
      }
    };
  }, [reducedMotion, speedPxPerS, draggable]);

  return { stripRef, trackRef, reducedMotion };
}
