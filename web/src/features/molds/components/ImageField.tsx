import { PictureOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MOLD_IMAGE_TYPES, imageProblem, type ImageProblem } from '../model/image';
import { useMoldsTranslation } from '../catalog';

interface ImageFieldProps {
  /** The mould's stored image ('' without one). */
  storedUrl: string;
  /** The file chosen to replace it, uploaded when the mould is saved. */
  chosen: File | null;
  onChoose(file: File): void;
  /** A new mould has no id to upload to until it is saved. */
  isNew: boolean;
}

/** The object URL of a chosen file for its preview, revoked when it changes or the field goes. */
function usePreviewUrl(file: File | null): string | undefined {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** The mould's image: a preview and a file chooser that checks type and size before anything is sent. */
export function ImageField({ storedUrl, chosen, onChoose, isNew }: ImageFieldProps) {
  const { t } = useMoldsTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<ImageProblem>();
  const preview = usePreviewUrl(chosen) ?? storedUrl;
  const pick = (file: File | undefined) => {
    if (!file) return;
    const found = imageProblem(file);
    setProblem(found);
    if (!found) onChoose(file);
  };
  const help = problem ? t(`image.${problem}`) : isNew && chosen ? t('image.afterCreate') : t('image.hint');
  return (
    <Form.Item label={t('fields.image')} validateStatus={problem ? 'error' : undefined} help={help}>
      <div className="mw-molds-image-field">
        {preview ? (
          <img src={preview} alt={t('fields.image')} className="mw-molds-image-preview" data-testid="image-preview" />
        ) : (
          <span className="mw-molds-image-preview mw-molds-image-none">
            <PictureOutlined />
          </span>
        )}
        <Button onClick={() => input.current?.click()} data-testid="image-choose">
          {preview ? t('image.replace') : t('image.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={MOLD_IMAGE_TYPES.join(',')}
          data-testid="image-input"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
    </Form.Item>
  );
}
