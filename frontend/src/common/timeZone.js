// The zone times are shown in when a shop names none: apart from dates.js, whose formatting only
// the order and console pages use, so the shop slice (in every first load) need not carry it.
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
