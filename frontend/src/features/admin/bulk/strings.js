// The console's CSV screen and the product's SKU (features/admin/bulk); merged into the
// console's table by ../strings.js.
export const zh = {
  'admin.nav.bulk': '批量导入导出',
  'admin.field.sku': '货号（SKU）',
  'admin.hint.sku': '本店唯一；批量导入按货号更新商品',
  'admin.error.sku': '只能用字母、数字和 - _ . /，以字母或数字开头，最多 64 个字符',
  'admin.bulk.export': '导出商品',
  'admin.bulk.exportHint': '下载全部商品（含已下架）的 CSV 文件，可用 Excel 或 WPS 打开、修改后再导入。',
  'admin.bulk.download': '下载 CSV',
  'admin.bulk.import': '导入商品',
  'admin.bulk.importHint':
    '按货号（sku）新建或更新商品；没有货号的行可用商品编号（id）更新。有规格的商品每个规格一行（商品列相同），在“规格价格”“规格库存”等列修改该规格。先预览每一行的改动和错误，全部无误才会导入，导入要么全部完成，要么完全不写入。',
  'admin.bulk.columns': '可用的列',
  'admin.bulk.choose': '选择 CSV 文件',
  'admin.bulk.line': '行',
  'admin.bulk.action': '操作',
  'admin.bulk.changes': '改动 / 错误',
  'admin.bulk.action.create': '新建',
  'admin.bulk.action.update': '更新',
  'admin.bulk.action.unchanged': '无变化',
  'admin.bulk.action.error': '有错误',
  'admin.bulk.summary': '新建 {create} 件，更新 {update} 件，无变化 {unchanged} 件，有错误 {error} 行',
  'admin.bulk.fixFirst': '有 {n} 行内容有误。请修改文件后重新选择，全部无误才能导入。',
  'admin.bulk.run': '导入（{n} 件商品）',
  'admin.bulk.imported': '导入完成',
  'admin.bulk.done': '导入完成：新建 {create} 件，更新 {update} 件，无变化 {unchanged} 件。',
};

export const en = {
  'admin.nav.bulk': 'Import and export',
  'admin.field.sku': 'SKU',
  'admin.hint.sku': 'Unique in the shop; a CSV import updates products by SKU',
  'admin.error.sku': 'Letters, digits and - _ . / only, starting with a letter or digit, 64 at most',
  'admin.bulk.export': 'Export the catalogue',
  'admin.bulk.exportHint':
    'Download every product (hidden ones too) as a CSV file to open in a spreadsheet, change and import again.',
  'admin.bulk.download': 'Download CSV',
  'admin.bulk.import': 'Import products',
  'admin.bulk.importHint':
    'Creates or updates products by SKU (rows without one may name the product id). A product with variants has a row per variant (its product columns repeated): change a variant in its variant_price, variant_stock… columns. Each row’s changes and errors are shown first; the import runs only when every row is right, and writes all of it or nothing.',
  'admin.bulk.columns': 'Columns',
  'admin.bulk.choose': 'Choose a CSV file',
  'admin.bulk.line': 'Line',
  'admin.bulk.action': 'Action',
  'admin.bulk.changes': 'Changes / errors',
  'admin.bulk.action.create': 'Create',
  'admin.bulk.action.update': 'Update',
  'admin.bulk.action.unchanged': 'Unchanged',
  'admin.bulk.action.error': 'Error',
  'admin.bulk.summary': '{create} to create, {update} to update, {unchanged} unchanged, {error} rows with errors',
  'admin.bulk.fixFirst':
    '{n} rows have errors. Correct the file and choose it again: the import runs only when every row is right.',
  'admin.bulk.run': 'Import ({n} products)',
  'admin.bulk.imported': 'Import done',
  'admin.bulk.done': 'Imported: {create} created, {update} updated, {unchanged} unchanged.',
};
