export { ListScreen, type ListScreenProps } from './ListScreen';
export { usePagedList, pageOf, DEFAULT_PAGE_SIZE, type Page, type PageRequest, type PagedList } from './usePagedList';
export { useMenuActions } from './useMenuActions';
export { LoadFailed } from './LoadFailed';
