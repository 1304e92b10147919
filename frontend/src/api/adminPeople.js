// The console's people and sign-in (bff/accounts/console_routes.py): staff, invitations, the
// shop's two-factor rule, one's own two-factor sign-in, and the invitation page's calls.

export async function fetchStaff(http) {
  const { data } = await http.get('/api/admin/staff');
  return data.data;
}

/** { email, role: 'manager' | 'packer' | 'support' } — mailed a link good for 72 hours. */
export async function inviteStaff(http, body) {
  const { data } = await http.post('/api/admin/staff/invitations', body);
  return data;
}

export async function withdrawInvitation(http, id) {
  await http.delete(`/api/admin/staff/invitations/${id}`);
}

export async function changeRole(http, id, role) {
  const { data } = await http.patch(`/api/admin/staff/${id}`, { role });
  return data.person;
}

export async function removeStaff(http, id) {
  await http.delete(`/api/admin/staff/${id}`);
}

export async function setTwoFactorRule(http, required) {
  const { data } = await http.put('/api/admin/security/two-factor', { required });
  return data.data;
}

const OWN = '/api/admin/account/two-factor';

/** { enabled, required, recovery_codes_left } */
export async function fetchOwnTwoFactor(http) {
  const { data } = await http.get(OWN);
  return data;
}

/** { secret, otpauth_uri, qr_modules } — pending until enableTwoFactor gets a right code. */
export async function startTwoFactor(http) {
  const { data } = await http.post(`${OWN}/setup`);
  return data;
}

/** The recovery codes, shown once. */
export async function enableTwoFactor(http, code) {
  const { data } = await http.post(`${OWN}/enable`, { code });
  return data.recovery_codes;
}

export async function disableTwoFactor(http, password) {
  const { data } = await http.post(`${OWN}/disable`, { password });
  return data;
}

/** { email, role, shop_name } of an open invitation link. */
export async function fetchInvitation(http, token) {
  const { data } = await http.get('/api/staff/invitation', { params: { token } });
  return data;
}

export async function acceptInvitation(http, body) {
  const { data } = await http.post('/api/staff/invitation/accept', body);
  return data;
}
