// Opening the camera for scanning: a back/rear/environment camera is preferred (docs/product.md §8), and
// the camera permission and last-used camera are remembered in localStorage, as the spec's camera
// layer (html5-qrcode, key HTML5_QRCODE_DATA) did.
import { read, write } from '../../lib/storage';
import { NoCamerasError } from './camera-errors';

const cameraDataKey = 'HTML5_QRCODE_DATA';

interface CameraData {
  hasPermission: boolean;
  lastUsedCameraId: string | null;
}

function readCameraData(): CameraData {
  try {
    const data = JSON.parse(read(cameraDataKey) ?? '{}') as Partial<CameraData>;
    return { hasPermission: data.hasPermission === true, lastUsedCameraId: data.lastUsedCameraId ?? null };
  } catch {
    return { hasPermission: false, lastUsedCameraId: null };
  }
}

function saveCameraData(data: CameraData): void {
  write(cameraDataKey, JSON.stringify(data));
}

const size = { width: { ideal: 1280 }, height: { ideal: 720 } };

export function isBackCamera(label: string): boolean {
  return /back|rear|environment/i.test(label);
}

export async function openCamera(): Promise<MediaStream> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) throw new NoCamerasError();
  const listed = await media.enumerateDevices().catch(() => null);
  if (listed && !listed.some((d) => d.kind === 'videoinput')) throw new NoCamerasError();

  const saved = readCameraData();
  let stream: MediaStream | null = null;
  try {
    if (saved.lastUsedCameraId) stream = await tryDevice(media, saved.lastUsedCameraId);
    stream ??= await media.getUserMedia({ video: { facingMode: { ideal: 'environment' }, ...size } });
    // Desktop browsers ignore facingMode: pick a camera whose label says it faces away, if there is one.
    const track = stream.getVideoTracks()[0];
    if (!saved.lastUsedCameraId && track && !isBackCamera(track.label)) {
      const devices = await media.enumerateDevices();
      const back = devices.find((d) => d.kind === 'videoinput' && isBackCamera(d.label));
      if (back && back.deviceId !== track.getSettings().deviceId) {
        const other = await tryDevice(media, back.deviceId);
        if (other) {
          stopStream(stream);
          stream = other;
        }
      }
    }
  } catch (error) {
    if (error instanceof Error && /NotAllowed|PermissionDenied/.test(error.name)) {
      saveCameraData({ hasPermission: false, lastUsedCameraId: saved.lastUsedCameraId });
    }
    throw error;
  }
  const deviceId = stream.getVideoTracks()[0]?.getSettings().deviceId ?? null;
  saveCameraData({ hasPermission: true, lastUsedCameraId: deviceId });
  return stream;
}

/** A remembered camera that is gone (unplugged, new phone) is not an error: fall back to any camera. */
async function tryDevice(media: MediaDevices, deviceId: string): Promise<MediaStream | null> {
  try {
    return await media.getUserMedia({ video: { deviceId: { exact: deviceId }, ...size } });
  } catch (error) {
    if (error instanceof Error && /NotAllowed|PermissionDenied/.test(error.name)) throw error;
    return null;
  }
}

export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}
