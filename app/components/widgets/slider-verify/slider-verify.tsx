// The drag-to-verify slider: drag the handle to the end of the track to verify (拖动滑块验证 →
// 验证通过); let go earlier and it snaps back. With `name`, a hidden input posts "true" once verified.
import { useRef, useState } from "react";
import ArrowRightOutlined from "@ant-design/icons/ArrowRightOutlined";
import CheckCircleFilled from "@ant-design/icons/CheckCircleFilled";
import { dragOffset, maxOffset, release, SLIDER_TEXT } from "./slider-logic";

const HANDLE = 40;
const HEIGHT = 40;

export interface SliderVerifyProps {
  onVerified?: () => void;
  name?: string;
  width?: number | string;
}

export function SliderVerify({ onVerified, name, width = "100%" }: SliderVerifyProps) {
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerX: number; start: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const [verified, setVerified] = useState(false);
  const [moving, setMoving] = useState(false);
  const max = () => maxOffset(track.current?.clientWidth ?? 0, HANDLE);

  const finish = (at: number) => {
    const outcome = release(at, max());
    setOffset(outcome.offset);
    setMoving(false);
    drag.current = null;
    if (outcome.verified) {
      setVerified(true);
      onVerified?.();
    }
  };

  return (
    <div
      ref={track}
      className="slider-verify"
      data-verified={verified}
      style={{
        position: "relative",
        width,
        height: HEIGHT,
        lineHeight: `${HEIGHT}px`,
        background: "#e8e8e8",
        borderRadius: 4,
        userSelect: "none",
        textAlign: "center",
      }}
    >
      <div
        style={{
          position: "absolute",
          left: 0,
          top: 0,
          bottom: 0,
          width: offset + HANDLE / 2,
          background: "#7ac23c",
          borderRadius: 4,
          transition: moving ? "none" : "width .3s",
        }}
      />
      <span style={{ position: "relative", color: verified ? "#fff" : "#666" }}>{verified ? SLIDER_TEXT.verified : SLIDER_TEXT.idle}</span>
      <div
        role="slider"
        aria-label={SLIDER_TEXT.idle}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={verified ? 100 : 0}
        tabIndex={0}
        onPointerDown={(event) => {
          if (verified) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          drag.current = { pointerX: event.clientX, start: offset };
          setMoving(true);
        }}
        onPointerMove={(event) => {
          if (!drag.current) return;
          setOffset(dragOffset(drag.current.start, event.clientX - drag.current.pointerX, max()));
        }}
        onPointerUp={(event) => {
          if (!drag.current) return;
          finish(dragOffset(drag.current.start, event.clientX - drag.current.pointerX, max()));
        }}
        onKeyDown={(event) => {
          if (!verified && event.key === "End") finish(max());
        }}
        style={{
          position: "absolute",
          top: 0,
          left: offset,
          width: HANDLE,
          height: HEIGHT,
          background: "#fff",
          border: "1px solid #ccc",
          borderRadius: 4,
          cursor: verified ? "default" : "move",
          transition: moving ? "none" : "left .3s",
          color: verified ? "#7ac23c" : "#666",
        }}
      >
        {verified ? <CheckCircleFilled /> : <ArrowRightOutlined />}
      </div>
      {name ? <input type="hidden" name={name} value={verified ? "true" : ""} /> : null}
    </div>
  );
}
