// The audit log in words (features/admin/AuditLog.jsx): every action and kind of object, the
// fields most entries name, and the order states their values hold.
const FIELDS = {
  status: ['状态', 'Status'],
  name: ['名称', 'Name'],
  price: ['价格', 'Price'],
  discount: ['折扣价', 'Discount price'],
  member_price: ['会员价', 'Member price'],
  virtual_inventory: ['库存', 'Stock'],
  weight: ['重量（克）', 'Weight (g)'],
  is_active: ['上架', 'On sale'],
  shop_name: ['店铺名称', 'Shop name'],
  shop_exchange_rate: ['汇率', 'Exchange rate'],
  site_url: ['网站地址', 'Site address'],
  hosts: ['域名', 'Hostnames'],
  is_direct_payment_enabled: ['在线支付', 'Online payment'],
  member_level_id: ['会员等级', 'Member level'],
  is_special_member: ['特殊会员', 'Special member'],
  is_blocked: ['已停用', 'Blocked'],
  amount: ['金额', 'Amount'],
  reference: ['付款参考号', 'Payment reference'],
  method: ['方式', 'Method'],
  shipping_company: ['快递公司', 'Courier'],
  tracking_number: ['快递单号', 'Tracking number'],
  refund: ['退款', 'Refund'],
  kept: ['未退', 'Kept'],
  keep_reason: ['保留原因', 'Why kept'],
  restock: ['放回库存', 'Restocked'],
  orders: ['订单', 'Orders'],
  format: ['格式', 'Format'],
  payment_claimed: ['顾客表示已付款', 'Shopper says paid'],
};
const ACTIONS = {
  transition: ['订单操作', 'Order step'],
  block: ['停用顾客', 'Customer blocked'],
  unblock: ['恢复顾客', 'Customer unblocked'],
  export_customs: ['导出报关单（含完整身份证号）', 'Customs file exported (full ID numbers)'],
  bulk_ship: ['批量发货', 'Shipped from a tracking file'],
};
const TYPES = { customer: ['顾客', 'Customer'] };
const STATES = {
  unpaid: ['待付款', 'awaiting payment'],
  paid: ['已付款', 'paid'],
  completed: ['已发货', 'shipped'],
  cancelled: ['已取消', 'cancelled'],
  payment_failed: ['支付失败', 'payment failed'],
};
const BOOLEANS = { true: ['是', 'yes'], false: ['否', 'no'] };

const table = (i) =>
  Object.fromEntries([
    ...Object.entries(FIELDS).map(([k, v]) => [`admin.audit.field.${k}`, v[i]]),
    ...Object.entries(ACTIONS).map(([k, v]) => [`admin.audit.action.${k}`, v[i]]),
    ...Object.entries(TYPES).map(([k, v]) => [`admin.audit.type.${k}`, v[i]]),
    ...Object.entries(STATES).map(([k, v]) => [`admin.audit.state.${k}`, v[i]]),
    ...Object.entries(BOOLEANS).map(([k, v]) => [`admin.audit.bool.${k}`, v[i]]),
  ]);

export const zh = table(0);
export const en = table(1);
export const AUDIT_FIELDS = Object.keys(FIELDS);
export const ORDER_STATES = Object.keys(STATES);
