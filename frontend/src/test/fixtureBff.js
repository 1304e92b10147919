// A tiny stand-in for the BFF that answers the contract of docs/api.md with
// fixed data, over real HTTP, for render tests. Hosts: shop.test and localhost
// (Chinese), en.test and en.localhost (English); any other host is an unknown shop.
import http from 'node:http';

// Pictures stored before the console's uploads: no size, no WebP copies (as the demo's).
const image = (id, path) => ({ id, path, alt: `alt ${id}`, name: `img${id}`, width: null, height: null, srcset: null });
export const products = [
  {
    id: 1,
    name: '麦卢卡蜂蜜 UMF10+',
    description: '新西兰原装 <b>蜂蜜</b>',
    price: 50,
    discount: 40,
    member_price: null,
    virtual_inventory: 120,
    weight: 500,
    is_free_shipping: 1,
    avatar: 11,
    images: [image(11, '/media/p1.jpg'), image(12, '/media/p1b.jpg')],
    imageAlt: 'honey',
    product_variants: [],
    color: null,
    size: null,
    // What a guest pays, as the BFF prices it (bff/pricing/rules.py): the discount, with the badge.
    final_price: 40,
    show_special_badge: 1,
    from_price: null, // no variants: no "from" price
  },
  {
    id: 2,
    name: '羊毛被 </script><!-- x',
    description: 'wool',
    price: 200,
    discount: null,
    member_price: null,
    virtual_inventory: 0,
    weight: 2000,
    is_free_shipping: 0,
    avatar: 21,
    images: [image(21, '/media/p2.jpg')],
    imageAlt: null,
    product_variants: [
      {
        id: 21,
        name: '单人',
        price: 200,
        discount: null,
        member_price: null,
        weight: 2000,
        virtual_inventory: 0,
        final_price: 200,
        show_special_badge: 0,
        sku: 'QUILT-1',
        barcode: '9421023620005',
        image: 21,
      },
    ],
    color: null,
    size: null,
    final_price: 200,
    show_special_badge: 0,
    from_price: 200, // the cheapest variant's
  },
];
const detail = {
  ...products[0],
  composition: '蜂蜜 100%',
  usage_instructions: '每日一勺',
  product_details: '<p>详情 <strong>好</strong></p>',
  category: { id: 5, name: '健康食品' },
  brand: { id: 7, name: 'Comvita' },
};
const ZH = ['shop.test', 'localhost', '127.0.0.1'];
const EN = ['en.test', 'en.localhost'];
const shopInfo = (host) => ({
  shop_name: EN.includes(host) ? 'Kiwi Shop' : '新西兰直邮',
  shop_slogan: EN.includes(host) ? 'Straight from NZ' : '纯正新西兰好货',
  shop_ico: '/media/ico.png',
  shop_logo: '/media/logo.png',
  shop_image: '/media/shop.jpg',
  wechart_image: '/media/wx.png',
  qq_number: '123456',
  language: EN.includes(host) ? 'en' : 'zh',
  time_zone: EN.includes(host) ? 'Pacific/Auckland' : 'Asia/Shanghai',
  shop_exchange_rate: 4.5,
  shop_incentive_title: '为什么选择我们',
  shop_incentive_name1: '正品保证',
  shop_incentive_name2: '',
  shop_incentive_name3: '',
  shop_incentive_image1: '/media/i1.png',
  shop_incentive_image2: null,
  shop_incentive_image3: null,
  shop_incentive_description1: '直采',
  shop_incentive_description2: '',
  shop_incentive_description3: '',
  site_url: '',
  shop_description: EN.includes(host) ? 'NZ goods' : '新西兰好货直邮中国',
  alipay_image: null,
  wechart_pay_image: null,
  shipping_cost: 10,
  overseas_direct_special_area_shipping_fee: 20,
  local_shipping_cost: 8,
  out_auckland_local_shipping_fee: 12,
  overseas_shipping_note: '',
  local_shipping_note: '',
  pick_up_note: '',
  is_overseas_shipping: 1,
  is_overseas_id_required: 0,
  is_local_shipping: 1,
  is_pick_up: 1,
  is_direct_payment_enabled: 0,
});
const paged = (data, page = 1, last = 3) => ({ data, current_page: page, last_page: last, per_page: 20, total: 50 });

export function startFixtureBff(port = 0) {
  const calls = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const host = req.headers['x-site-host'];
    calls.push({
      method: req.method,
      path: url.pathname.replace(/\/$/, ''),
      query: Object.fromEntries(url.searchParams),
      host,
      requestId: req.headers['x-request-id'],
    });
    const send = (status, body) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!ZH.includes(host) && !EN.includes(host))
      return send(404, { message: 'Store not found', code: 'store_not_found' });
    const p = url.pathname.replace(/\/$/, '');
    const page = Number(url.searchParams.get('page') || 1);
    if (p === '/api/shop') return send(200, { data: { shop_info: shopInfo(host) } });
    if (p === '/api/category')
      return send(200, {
        data: {
          categories: [
            {
              category: {
                id: 0,
                name: 'root',
                avatar: null,
                parent_id: null,
                subcategories: [
                  {
                    id: 5,
                    name: '健康食品',
                    avatar: null,
                    parent_id: null,
                    subcategories: [{ id: 6, name: '蜂蜜', avatar: '/media/c6.png', parent_id: 5, subcategories: [] }],
                  },
                ],
              },
            },
          ],
        },
      });
    if (p === '/api/article') return send(200, { data: { articles: [{ id: 3, title: '配送说明' }] } });
    if (p === '/api/article/3')
      return send(200, {
        article: {
          id: 3,
          title: '配送说明',
          longText: '<p>七天送达</p>',
          created_at: '2026-01-02T03:04:05+00:00',
          updated_at: '2026-01-09T03:04:05+00:00',
        },
      });
    if (p === '/api/banner')
      return send(200, {
        banners: [
          {
            id: 1,
            name: '夏季',
            avatar: '/media/b1.jpg',
            avatar_width: 1200,
            avatar_height: 400,
            avatar_srcset: '/media/b1-320w.webp 320w, /media/b1-640w.webp 640w',
            link_url: null,
          },
        ],
      });
    if (p === '/api/brand')
      return send(200, {
        brands: [
          {
            id: 7,
            name: 'Comvita',
            avatar: '/media/br7.png',
            avatar_width: 200,
            avatar_height: 200,
            avatar_srcset: null,
            tagline: '',
            is_featured: 1,
          },
        ],
      });
    if (p === '/api/product/new' || p === '/api/product/best') return send(200, { products: paged(products, page) });
    if (p === '/api/product/search') return send(200, { products: paged(products.slice(0, 1), 1, 1) });
    if (p === '/api/product/1') return send(200, { product: detail });
    if (p === '/api/category/5')
      return send(200, {
        category_name: '健康食品',
        category: { id: 5, name: '健康食品', avatar: null, parent_id: null, subcategories: [] },
        products,
        total_pages: 12,
        current_page: page,
        per_page: 20,
        total: 230,
      });
    if (p === '/api/brand/7')
      return send(200, {
        brand: {
          id: 7,
          name: 'Comvita',
          avatar: '/media/br7.png',
          avatar_width: 200,
          avatar_height: 200,
          avatar_srcset: null,
          tagline: '',
          is_featured: 1,
        },
        products: paged(products, page, 1),
      });
    if (p === '/api/banner-products/1')
      return send(200, {
        banner: {
          id: 1,
          name: '夏季',
          avatar: '/media/b1.jpg',
          avatar_width: 1200,
          avatar_height: 400,
          avatar_srcset: '/media/b1-320w.webp 320w, /media/b1-640w.webp 640w',
          link_url: null,
        },
        products: paged(products, page, 1),
        total_pages: 1,
      });
    if (p === '/api/sitemap')
      return send(200, {
        products: [{ id: 1, updated_at: '2026-01-02T03:04:05Z' }],
        categories: [{ id: 5 }],
        brands: [{ id: 7 }],
        articles: [{ id: 3 }],
        banners: [{ id: 1 }],
      });
    if (p === '/api/boom') return send(500, { message: 'boom' });
    return send(404, { message: 'Not found', code: 'not_found' });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((r) => server.close(r)) });
    });
  });
}
