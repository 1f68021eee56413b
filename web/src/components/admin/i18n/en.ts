/** Texts of the administration list screens (company, group, mould, role, user lists). */
export const en = {
  search: 'Search',
  searchPlaceholder: 'Search by name',
  add: 'Add',
  edit: 'Edit',
  delete: 'Delete',
  actions: 'Actions',
  empty: 'Nothing here yet',
  emptySearch: 'Nothing matches “{{search}}”',
  loadFailed: 'The list could not be loaded.',
  retry: 'Try again',
  total: '{{total}} in all',
  totalMore: '{{total}}+ in all',
};
