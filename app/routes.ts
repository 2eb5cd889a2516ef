import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('products/:idOrSlug', 'routes/product.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('orders', 'routes/members-only.tsx', { id: 'orders' }),
  route('orders/track', 'routes/members-only.tsx', { id: 'orders-track' }),
  route('orders/:orderId', 'routes/members-only.tsx', { id: 'order-detail' }),
  route('checkout', 'routes/members-only.tsx', { id: 'checkout' }),
  route('admin/login', 'routes/admin-login.tsx'),
  route('admin', 'routes/admin-layout.tsx', [
    index('routes/admin-index.tsx'),
    route('dashboard', 'routes/admin-dashboard.tsx'),
    route('users', 'routes/admin-users.tsx'),
    route('notifications', 'routes/admin-notifications.tsx'),
    route('*', 'routes/admin-pending.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
