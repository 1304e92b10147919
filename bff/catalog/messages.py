"""What the catalogue calls (storefront and admin) say, by shop language ('en' English, else Chinese)."""

from bff.common.messages import TABLE as COMMON
from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "product_not_found": ("商品不存在", "Product not found"),
    "if_match_required": (
        "保存前需要注明所编辑的版本（If-Match 请求头，取自读取商品时的 ETag）。请重新加载商品后再保存。",
        "Saving needs the version you edited (the If-Match header, from the ETag of the product you "
        "loaded). Reload the product and save again.",
    ),
    "stale_version": (
        "该商品在您打开之后已被修改并保存（可能在另一个窗口或由其他管理员）。为避免覆盖他人的修改，"
        "本次保存未执行。请重新加载商品，再做修改。",
        "This product was changed and saved after you opened it (in another tab, or by someone "
        "else). To avoid overwriting that change, yours was not saved. Reload the product and make "
        "your change again.",
    ),
    "product_in_use": (
        "该商品已有订单，不能删除。您可以将其下架（隐藏）。",
        "This product appears in orders, so it cannot be deleted. Hide it instead.",
    ),
    "negative_stock": ("库存不能小于0（当前库存 {stock}）。", "Stock cannot go below 0 (it is {stock} now)."),
    "stale_stock": (
        "库存在您读取之后已经变化（现在是 {stock}），本次调整未执行。请确认后重新填写。",
        "The stock changed after you read it (it is {stock} now); nothing was changed. Check it and try "
        "again.",
    ),
    "expected_required": (
        "设置新的库存数量时，请同时注明您读取到的库存（expected）",
        "Setting a new level needs the level you read (expected).",
    ),
    "discount_not_below_price": ("特价必须低于原价", "The special price must be below the price."),
    "sku_invalid": (
        "货号只能由字母、数字和 - _ . / 组成，以字母或数字开头，最多 64 个字符",
        "A SKU is letters, digits and - _ . /, starting with a letter or digit, 64 at most.",
    ),
    "sku_taken": ("本店已有商品使用这个货号", "Another product of this shop has this SKU."),
    "variant_sku_taken": ("本店已有规格使用这个货号", "Another variant of this shop has this SKU."),
    "barcode_invalid": (
        "条码须为 8、12、13 或 14 位数字的 GTIN（EAN/UPC），且校验位正确",
        "A barcode is a GTIN (EAN/UPC) of 8, 12, 13 or 14 digits with a correct check digit.",
    ),
    "variant_image_not_found": (
        "规格图片须是本商品的图片之一",
        "A variant's picture must be one of this product's pictures.",
    ),
    "csv_file_invalid": (
        "请上传 UTF-8 编码的 CSV 文件（第一行为列名）",
        "Upload a UTF-8 CSV file whose first line names the columns.",
    ),
    "csv_too_large": ("CSV 文件太大（最多 {rows} 行）", "The CSV file is too large ({rows} rows at most)."),
    "csv_columns_unknown": ("未知的列：{columns}", "Unknown columns: {columns}."),
    "csv_columns_missing": ("缺少必需的列：{columns}", "Missing columns: {columns}."),
    "csv_rows_invalid": (
        "有 {n} 行内容有误，没有导入任何内容。请修改后重新导入。",
        "{n} rows have errors; nothing was imported. Correct them and import again.",
    ),
    "csv_sku_or_id": ("新商品需要货号", "A new product needs a SKU."),
    "csv_sku_repeated": (
        "货号在文件中重复（第 {line} 行）",
        "This SKU is repeated in the file (line {line}).",
    ),
    "csv_id_repeated": (
        "商品编号在文件中重复（第 {line} 行）",
        "This product id is repeated in the file (line {line}).",
    ),
    "csv_id_other_sku": (
        "这个货号属于另一件商品（编号 {id}）",
        "This SKU belongs to another product (id {id}).",
    ),
    "csv_stock_per_variant": (
        "该商品有规格，库存请在商品页按规格调整",
        "This product has variants: change their stock on the product's page.",
    ),
    "csv_price_with_variants": (
        "该商品有规格，顾客按各规格的价格付款：此列的修改只改变商品卡片上的价格，不会改变任何规格的售价。规格的售价请改各规格行的“规格价格”列。",
        "This product has variants and shoppers pay each variant's price: this change only alters the card's "
        "price, not what any variant costs. Change a variant's price in its row's variant_price column.",
    ),
    "csv_product_cells_differ": (
        "同一商品的各规格行，商品列须与第 {line} 行相同",
        "The rows of one product's variants must repeat line {line}'s product columns.",
    ),
    "csv_variant_new": (
        "没有这个规格：新规格请在商品页添加，CSV 只修改已有规格",
        "No such variant: add new variants on the product's page; the CSV edits existing ones.",
    ),
    "csv_variant_missing": (
        "请写明规格编号或规格名称",
        "Name the variant (variant_id or variant_name).",
    ),
    "csv_variant_repeated": (
        "这个规格在文件中重复（第 {line} 行）",
        "This variant is repeated in the file (line {line}).",
    ),
    "csv_category_unknown": (
        "没有这个分类（子分类写作“上级 > 子分类”）",
        "No such category (write a subcategory as “Parent > Child”).",
    ),
    "csv_category_ambiguous": (
        "有多个同名分类，请写作“上级 > 子分类”",
        "Several categories have this name: write “Parent > Child”.",
    ),
    "csv_brand_unknown": ("没有这个品牌", "No such brand."),
    "csv_stock_note": ("CSV 导入", "CSV import"),
    "category_not_found": ("分类不存在", "No such category."),
    "brand_not_found": ("品牌不存在", "No such brand."),
    "banner_not_found": ("横幅不存在", "No such banner."),
    "variant_not_found": ("该商品没有这个规格", "This product has no such variant."),
    "variant_required": ("该商品有规格，请选择要调整库存的规格", "This product has variants: choose one."),
    "no_variants": ("该商品没有规格", "This product has no variants."),
    "too_many_variants": ("规格太多（最多 {max} 个）", "Too many variants (at most {max})."),
    "delta_or_level": (
        "请填写增减数量或新的库存数量（只填一项）",
        "Give either a change (delta) or a new level, not both.",
    ),
    "delta_zero": ("增减数量不能为0", "The change cannot be 0."),
    "reason_required": ("请填写库存调整原因", "Please give the reason for this stock change."),
    "stock_moved_to_variants": ("库存转入规格", "stock moved to the variants"),
    "variant_deleted": ("删除规格", "variant deleted"),
    "category_in_use": (
        "该分类下还有子分类或商品，不能删除。请先移走它们。",
        "This category still has subcategories or products: move them first.",
    ),
    "brand_in_use": ("该品牌下还有商品，不能删除。", "Products still name this brand: change them first."),
    "parent_invalid": (
        "上级分类必须是本店的一级分类（分类只有两级）",
        "The parent must be one of the shop's top-level categories (the tree has two levels).",
    ),
    "dates_order": ("结束时间必须晚于开始时间", "The end must come after the start."),
    "link_invalid": (
        "链接须以 https://、http:// 或 / 开头",
        "A link starts with https://, http:// or /.",
    ),
    "products_not_found": ("部分商品不存在", "Some of these products do not exist."),
    "image_not_found": ("该商品没有这张图片", "This product has no such picture."),
    "images_required": ("请选择要上传的图片", "Choose the pictures to upload."),
    "too_many_images": (
        "图片太多（每个商品最多 {limit} 张）",
        "Too many pictures (at most {limit} per product).",
    ),
    "image_order_mismatch": (
        "图片已被修改，请重新加载后再排序",
        "The pictures have changed since you loaded them: reload and arrange them again.",
    ),
}

_TABLE = MessageTable(_MESSAGES, fallback=COMMON)
text = _TABLE.text
is_key = _TABLE.is_key
