/**
 * The phone's camera as a QR reader: the rear camera (getUserMedia, facingMode environment) shown in
 * a <video>, about seven frames a second drawn on a small canvas and decoded with jsqr on the main
 * thread (a 640-pixel frame decodes in a few milliseconds; no worker needed). `onCode` gets each code
 * read; `paused` stops decoding while a result is on screen. Started and stopped by a button (a
 * browser asks for the camera only after a person's action).
 */
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const FRAME_MS = 140;
const MAX_WIDTH = 640;

export function CameraScanner({ onCode, paused }: { onCode: (code: string) => void; paused: boolean }) {
  const { t } = useTranslation('backoffice-gate');
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const handler = useRef(onCode);
  const pausedRef = useRef(paused);
  useEffect(() => {
    handler.current = onCode;
    pausedRef.current = paused;
  }, [onCode, paused]);

  async function start() {
    setFailed(false);
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      setStream(media);
    } catch {
      setFailed(true);
    }
  }

  function stop() {
    stream?.getTracks().forEach((track) => track.stop());
    setStream(null);
  }

  useEffect(() => {
    if (!stream || !video.current) return;
    const element = video.current;
    element.srcObject = stream;
    void element.play().catch(() => undefined);
    let frame = 0;
    let last = 0;
    const loop = (time: number) => {
      frame = requestAnimationFrame(loop);
      if (time - last < FRAME_MS || pausedRef.current || element.readyState < 2 || !canvas.current) return;
      last = time;
      const scale = Math.min(1, MAX_WIDTH / (element.videoWidth || MAX_WIDTH));
      const width = Math.round(element.videoWidth * scale);
      const height = Math.round(element.videoHeight * scale);
      if (!width || !height) return;
      const context = canvas.current.getContext('2d', { willReadFrequently: true });
      if (!context) return;
      canvas.current.width = width;
      canvas.current.height = height;
      context.drawImage(element, 0, 0, width, height);
      const found = jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'dontInvert' });
      if (found?.data) handler.current(found.data);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [stream]);

  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);

  return (
    <section className="bo-gate-camera" aria-labelledby="bo-gate-camera-heading">
      <h2 id="bo-gate-camera-heading">{t('camera.heading')}</h2>
      {stream ? (
        <button type="button" className="bo-button" onClick={stop}>
          {t('camera.stop')}
        </button>
      ) : (
        <button type="button" className="bo-button bo-button--primary" onClick={() => void start()}>
          {t('camera.start')}
        </button>
      )}
      {failed ? (
        <p role="alert" className="bo-alert">
          {t('camera.failed')}
        </p>
      ) : null}
      <video ref={video} className="bo-gate-video" muted playsInline hidden={!stream} aria-label={t('camera.preview')} />
      <canvas ref={canvas} hidden />
    </section>
  );
}
