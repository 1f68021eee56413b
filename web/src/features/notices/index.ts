export { NoticeBell } from './components/NoticeBell';
export { useAlarmPopups } from './components/useAlarmPopups';
export { NOTICES_QUERY_KEY } from './api/notices';
