import type { en } from './en';

export const zh: typeof en = {
  search: '搜索',
  searchPlaceholder: '按名称搜索',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  actions: '操作',
  empty: '暂无数据',
  emptySearch: '没有与“{{search}}”匹配的结果',
  loadFailed: '列表加载失败。',
  retry: '重试',
  total: '共 {{total}} 条',
  totalMore: '共 {{total}}+ 条',
};
