"""GET /api/article and /api/article/{id}: the footer pages of a shop."""

from bff.tests.helpers import SHOP_A, assert_error, ids


def test_article_list_holds_ids_and_titles_in_the_shops_order(client, shop, make_article):
    returns = make_article(shop, "退换货政策", position=2)
    delivery = make_article(shop, "配送条款", position=1)
    res = client.get("/api/article", headers=SHOP_A)
    assert res.status_code == 200
    assert res.json == {
        "data": {
            "articles": [{"id": delivery.id, "title": "配送条款"}, {"id": returns.id, "title": "退换货政策"}]
        }
    }


def test_an_article_holds_its_title_and_html_long_text(client, shop, make_article):
    body = "<h2>我们</h2><p>来自<strong>新西兰</strong></p>"
    about = make_article(shop, "关于我们", long_text=body)
    res = client.get(f"/api/article/{about.id}", headers=SHOP_A)
    assert res.status_code == 200
    article = res.json["article"]
    assert {k: article[k] for k in ("id", "title", "longText")} == {
        "id": about.id,
        "title": "关于我们",
        "longText": body,
    }
    # Its dates, for search engines (Article's datePublished and dateModified).
    assert article["created_at"].startswith(about.created_at.strftime("%Y-%m-%dT")) and article["updated_at"]


def test_a_shop_without_articles_has_an_empty_list(client, shop):
    assert client.get("/api/article/", headers=SHOP_A).json == {"data": {"articles": []}}


def test_an_unknown_article_is_a_json_404_the_storefront_can_show(client, shop, make_article):
    make_article(shop)
    body = assert_error(client.get("/api/article/9999", headers=SHOP_A), 404, "not_found")
    assert body["message"] == "文章不存在。"


def test_an_unknown_article_says_so_in_spec_words_on_an_english_shop(client, make_shop, make_article):
    make_article(make_shop("en.test", language="en"))
    body = assert_error(client.get("/api/article/9999", headers={"X-Site-Host": "en.test"}), 404, "not_found")
    assert body["message"] == "Article not found."


def test_a_non_numeric_article_id_is_a_json_404(client, shop):
    assert_error(client.get("/api/article/about-us", headers=SHOP_A), 404, "not_found")


def test_articles_answer_with_or_without_trailing_slash(client, shop, make_article):
    article = make_article(shop)
    assert ids(client.get("/api/article/", headers=SHOP_A).json["data"]["articles"]) == [article.id]
    assert client.get(f"/api/article/{article.id}/", headers=SHOP_A).json["article"]["id"] == article.id
