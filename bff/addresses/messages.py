"""What the address-book calls (and checkout's recipient check) say, by shop language ('en' is
English, anything else Chinese). The Chinese texts SPEC gives are used as written."""

from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "name_required": ("请输入收件人姓名", "Please enter the recipient's name"),
    "contact_required": ("请输入收件人电话", "Please enter the recipient's phone number"),
    "address_required": ("请输入收件人地址", "Please enter the recipient's address"),
    "city_required": ("请输入收件人城市/省份", "Please enter the recipient's city or province"),
    "country_required": ("请选择国家", "Please choose a country"),
    "nz_address": (
        "地址不正确，请使用英文填写地址信息。",
        "Incorrect address: please write the address in English.",
    ),
    # New Zealand recipients, field by field (bff/addresses/rules.py)
    "nz_address_shipping_name": (
        "收件人姓名只能包含文字、空格和 . - ' ·",
        "The recipient's name may hold letters, spaces and . - ' · only",
    ),
    "nz_address_shipping_city": (
        "请用英文填写新西兰城市（如 Auckland），或常用中文名（如 奥克兰）",
        "Please write the New Zealand city in English (such as Auckland)",
    ),
    "nz_address_shipping_address": (
        "地址不正确，请使用英文填写地址信息。",
        "Incorrect address: please write the address in English.",
    ),
    "nz_address_shipping_contact": (
        "电话号码只能包含数字、空格、开头的 +、连字符和括号",
        "The phone number may hold digits, spaces, a leading +, hyphens and brackets only",
    ),
    # The recipient's ID number (身份证号, bff/common/id_numbers.py)
    "id_number_invalid": (
        "身份证号应为18位：17位数字加1位数字或X",
        "The ID number has 18 characters: 17 digits, then a digit or X",
    ),
    "id_number_check_digit": (
        "身份证号不正确，请核对（校验位不符）",
        "This ID number is not valid: please check it (its last character does not match)",
    ),
    "id_number_masked": (
        "请填写完整的身份证号",
        "Please enter the full ID number",
    ),
    "too_long": ("输入内容过长", "This field is too long"),
    "address_book_full": ("地址太多，请先删除部分地址", "Your address book is full"),
    "address_not_found": ("地址不存在", "Address not found"),
    # China addresses: the place is chosen from the lists (bff/addresses/regions.py)
    "place_incomplete": (
        "收件地址不完整：请从列表中选择省份、城市和区县。",
        "The address is incomplete: please choose the province, city and district from the lists.",
    ),
    "province_code_required": ("请选择省份", "Please choose the province"),
    "province_code_invalid": ("没有这个省份，请重新选择", "No such province: please choose again"),
    "city_code_required": ("请选择城市", "Please choose the city"),
    "city_code_invalid": (
        "该省份没有这个城市，请重新选择",
        "This province has no such city: please choose again",
    ),
    "district_code_required": ("请选择区县", "Please choose the district"),
    "district_code_invalid": (
        "该城市没有这个区县，请重新选择",
        "This city has no such district: please choose again",
    ),
}

text = MessageTable(_MESSAGES).text
