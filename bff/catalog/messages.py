"""What the catalogue calls say, by shop language ('en' is English, anything else Chinese)."""

from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "category_not_found": ("分类不存在", "Category not found"),
    "product_not_found": ("商品不存在", "Product not found"),
    "brand_not_found": ("品牌不存在", "Brand not found"),
    "banner_not_found": ("横幅不存在", "Banner not found"),
}

text = MessageTable(_MESSAGES).text
