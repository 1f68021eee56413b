import type { en } from './en';

export const kor: typeof en = {
  search: '검색',
  searchPlaceholder: '이름으로 검색',
  add: '추가',
  edit: '편집',
  delete: '삭제',
  actions: '작업',
  empty: '아직 항목이 없습니다',
  emptySearch: '“{{search}}”와(과) 일치하는 항목이 없습니다',
  loadFailed: '목록을 불러오지 못했습니다.',
  retry: '다시 시도',
  total: '총 {{total}}개',
  totalMore: '총 {{total}}+개',
};
