import { configure } from '@testing-library/react';

// The screens load antd's parts on first use: under jsdom on a busy CI machine such an import can
// take seconds. `findBy…` and `waitFor` wait for something to appear, not for a time budget.
configure({ asyncUtilTimeout: 10_000 });
