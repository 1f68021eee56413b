import type { MoldFormInput } from '@mouldwatch/shared';

/** A complete form that passes every step (the unit tests' starting point). */
export function completeForm(): MoldFormInput {
  return {
    name: 'Cap_A1',
    mold_number: 'M_1',
    company_id: 1,
    group_id: 2,
    owner: 'ACME',
    type: 'cold',
    cavitation: 4,
    oem_id: 'OEM7',
    customer: 'Cust',
    country: 'Brazil',
    workshop: 'Hall 2',
    project_name: 'Cap',
    part_id: 'P-1',
    start_count: 10_000,
    device_no: 'DEV-001',
    thermocouple_type: 0,
    time_zone: '',
    time_zone_city: '',
    launch_listen: 1,
    temp_switch: { hrs_switch: 1, mold_switch: 1 },
    hot_temp_setting: [{ name: 'H1', set: 230, alert: 10 }],
    mold_temp_setting: [{ name: 'T1', set: 60, alert: 5 }],
    cycle_time: 32.5,
    cycle_time_setting: { time: 120, alert: 5, early: 2 },
    open_time_threshold: 4,
    close_time_threshold: 6,
    basic_time: 300,
    basic_stop_time: 1800,
    counter: 1_000_000,
    maint_interval: 50_000,
    oee: 85.5,
    voltage: 380,
  };
}
