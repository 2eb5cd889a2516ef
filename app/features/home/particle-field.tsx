import { useEffect, useRef } from 'react';

const PARTICLE_COUNT = 50;
const FRAME_MS = 1000 / 30;
const COLOURS = ['243, 216, 138', '217, 180, 90', '196, 165, 245', '124, 58, 237'];

interface Particle {
  x: number;
  y: number;
  radius: number;
  speed: number;
  drift: number;
  phase: number;
  colour: string;
}

function makeParticle(width: number, height: number): Particle {
  return {
    x: Math.random() * width,
    y: Math.random() * height,
    radius: 0.6 + Math.random() * 1.8,
    speed: 0.08 + Math.random() * 0.3,
    drift: (Math.random() - 0.5) * 0.15,
    phase: Math.random() * Math.PI * 2,
    colour: COLOURS[Math.floor(Math.random() * COLOURS.length)] ?? COLOURS[0]!,
  };
}

/**
 * Fifty motes of candle-light rising behind the home page, drawn on one canvas. The loop stops while the tab
 * is hidden (no work for an unseen page) and never starts for people who ask for reduced motion: they get one
 * still frame.
 */
export function ParticleField() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let width = 0;
    let height = 0;
    let particles: Particle[] = [];
    let frame = 0;
    let time = 0;

    const resize = () => {
      // Soft dots need no retina sharpness, and a 1x canvas is a quarter of the pixels to repaint each frame.
      const ratio = 1;
      width = window.innerWidth;
      height = window.innerHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      if (particles.length === 0) particles = Array.from({ length: PARTICLE_COUNT }, () => makeParticle(width, height));
      draw();
    };

    const draw = () => {
      context.clearRect(0, 0, width, height);
      for (const particle of particles) {
        const glow = 0.35 + 0.35 * Math.sin(time * 0.02 + particle.phase);
        context.beginPath();
        context.fillStyle = `rgba(${particle.colour}, ${glow.toFixed(3)})`;
        context.arc(particle.x, particle.y, particle.radius, 0, Math.PI * 2);
        context.fill();
      }
    };

    let last = 0;
    const step = (now: number) => {
      frame = requestAnimationFrame(step);
      // Thirty frames a second is plenty for motes this slow and halves the work on a phone.
      if (now - last < FRAME_MS) return;
      last = now;
      time += 2;
      for (const particle of particles) {
        particle.y -= particle.speed * 2;
        particle.x += (particle.drift + Math.sin(time * 0.01 + particle.phase) * 0.1) * 2;
        if (particle.y < -4) Object.assign(particle, makeParticle(width, height), { y: height + 4 });
        if (particle.x < -4) particle.x = width + 4;
        if (particle.x > width + 4) particle.x = -4;
      }
      draw();
    };

    let started = false;
    const start = () => {
      started = true;
      if (frame || reducedMotion.matches || document.hidden) return;
      frame = requestAnimationFrame(step);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const onVisibility = () => (document.hidden ? stop() : started && start());
    const onMotionChange = () => {
      if (reducedMotion.matches) {
        stop();
        draw();
      } else if (started) start();
    };

    resize();
    // The motes wait until the page has loaded and hydrated: the first seconds belong to the content.
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    const begin = () => idle(start);
    let delayed = 0;
    if (document.readyState === 'complete') delayed = window.setTimeout(begin, 1500);
    else window.addEventListener('load', () => (delayed = window.setTimeout(begin, 1500)), { once: true });
    window.addEventListener('resize', resize);
    document.addEventListener('visibilitychange', onVisibility);
    reducedMotion.addEventListener('change', onMotionChange);
    return () => {
      window.clearTimeout(delayed);
      stop();
      window.removeEventListener('resize', resize);
      document.removeEventListener('visibilitychange', onVisibility);
      reducedMotion.removeEventListener('change', onMotionChange);
    };
  }, []);

  return <canvas ref={canvasRef} aria-hidden="true" data-testid="particle-field" className="pointer-events-none fixed inset-0 z-0 h-full w-full" />;
}
