import { api } from '../../../lib/api';

/** POST /api/yudata/mold_setting/{id}/image/ (multipart field `file`): answers the image's URL. */
export async function uploadMoldImage(moldId: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.post<{ mold_image: string }>(`/yudata/mold_setting/${moldId}/image/`, form);
  return data.mold_image;
}
