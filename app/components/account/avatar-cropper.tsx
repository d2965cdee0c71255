// 账户设置 → 头像: choose an image, crop it square in the browser (react-easy-crop), upload the
// 200×200 PNG through the upload route, then hand its stored path on. Loaded on first use only.
import { useCallback, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { App, Button, Modal, Slider } from "antd";
import { UPLOAD_ROUTE } from "~/components/widgets/upload/upload-logic";

const SIZE = 200;

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("图片无法读取"));
    image.src = source;
  });
}

/** The chosen square of the image, drawn at SIZE×SIZE, as a PNG. */
async function croppedPng(source: string, area: Area): Promise<Blob> {
  const image = await loadImage(source);
  const canvas = document.createElement("canvas");
  canvas.width = SIZE;
  canvas.height = SIZE;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("浏览器不支持图片裁剪");
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, SIZE, SIZE);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("图片裁剪失败"))), "image/png"));
}

export default function AvatarCropper({ source, onCancel, onUploaded }: { source: string; onCancel: () => void; onUploaded: (path: string) => void }) {
  const { message } = App.useApp();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const upload = async () => {
    if (!area) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.append("file", await croppedPng(source, area), "avatar.png");
      body.append("biz", "avatar");
      const response = await fetch(UPLOAD_ROUTE, { method: "POST", body });
      const answer = (await response.json()) as { success?: boolean; message?: string };
      if (!answer.success || !answer.message) {
        void message.error(answer.message || "上传失败！");
        return;
      }
      onUploaded(answer.message);
    } catch (error) {
      void message.error((error as Error).message || "上传失败！");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="修改头像"
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={busy} disabled={!area} onClick={() => void upload()} data-testid="avatar-crop-ok">
          保存
        </Button>,
      ]}
    >
      <div style={{ position: "relative", height: 300, background: "#333" }} data-testid="avatar-cropper">
        <Cropper image={source} crop={crop} zoom={zoom} aspect={1} cropShape="round" onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={onCropComplete} />
      </div>
      <div style={{ marginTop: 12 }}>
        <span id="avatar-zoom-label">缩放</span>
        <Slider min={1} max={3} step={0.1} value={zoom} onChange={setZoom} aria-labelledby="avatar-zoom-label" />
      </div>
    </Modal>
  );
}
