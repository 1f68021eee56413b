import { queryClient } from '../../../lib/queryClient';

/** Every query of the feature starts with this key: a change reads them all again (counts move together). */
export const ORGANISATION_KEY = ['moldOrganisation'] as const;

export const refreshOrganisation = () => queryClient.invalidateQueries({ queryKey: ORGANISATION_KEY });
