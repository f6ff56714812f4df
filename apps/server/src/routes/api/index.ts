import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { Services } from '../../services';
import { accountRoutes } from './account';
import { appointmentsRoutes } from './appointments';
import { authRoutes } from './auth';
import { backgroundsRoutes } from './backgrounds';
import { brandingRoutes } from './branding';
import { commerceRoutes } from './commerce';
import { editorRoutes } from './editor';
import { galleryRoutes } from './gallery';
import { healthRoutes } from './health';
import { mediaRoutes } from './media';
import { notificationSettingsRoutes } from './notification-settings';
import { ordersRoutes } from './orders';
import { photoEditsRoutes } from './photo-edits';
import { photoPresetsRoutes } from './photo-presets';
import { studioRoutes } from './studio';
import { studioBookingRoutes } from './studio-booking';
import { studioCompaniesRoutes } from './studio-companies';
import { studioCompanyExportsRoutes } from './studio-company-exports';
import { studioCompanyMediaRoutes } from './studio-company-media';
import { studioCustomersRoutes } from './studio-customers';
import { studioGalleryLifecycleRoutes } from './studio-gallery-lifecycle';
import { studioSettingsRoutes } from './studio-settings';
import { studioJobsRoutes } from './studio-jobs';
import { studioOrdersRoutes } from './studio-orders';
import { studioShootsRoutes } from './studio-shoots';
import { surveysRoutes } from './surveys';
import { usersRoutes } from './users';

/** Every /api route; each group receives only the services it uses. */
export const apiRoutes: FastifyPluginAsyncZod<{ services: Services; googleClientId: string | null }> = async (
  app,
  { services, googleClientId },
) => {
  await app.register(healthRoutes, { health: services.health });
  await app.register(authRoutes, { accounts: services.accounts, googleClientId });
  await app.register(accountRoutes, { passwords: services.passwords, sessions: services.sessions, users: services.users });
  await app.register(usersRoutes, { users: services.users, orders: services.orders, appointments: services.appointments });
  await app.register(notificationSettingsRoutes, { settings: services.notificationSettings });
  await app.register(brandingRoutes, { branding: services.branding });
  await app.register(mediaRoutes, { storage: services.storage });
  await app.register(commerceRoutes, { pricing: services.pricing, checkout: services.checkout });
  await app.register(ordersRoutes, { orders: services.orders });
  await app.register(galleryRoutes, {
    gallery: services.gallery,
    pageAnswers: services.pageAnswers,
    downloads: services.downloads,
    imageWork: services.imageWork,
  });
  await app.register(photoEditsRoutes, { edits: services.photoEdits });
  await app.register(editorRoutes, { backgroundRemoval: services.backgroundRemoval, portraitRetouch: services.portraitRetouch });
  await app.register(photoPresetsRoutes, { presets: services.photoPresets });
  await app.register(backgroundsRoutes, { backgrounds: services.backgrounds, gallery: services.gallery });
  await app.register(appointmentsRoutes, { appointments: services.appointments });
  await app.register(surveysRoutes, { surveys: services.surveys });
  await app.register(studioRoutes, { studio: services.studio, galleryLifecycle: services.galleryLifecycle });
  await app.register(studioCompaniesRoutes, { studio: services.studio, companies: services.companies });
  await app.register(studioCompanyMediaRoutes, { studio: services.studio, companyMedia: services.companyMedia });
  await app.register(studioCompanyExportsRoutes, {
    studio: services.studio,
    companies: services.companies,
    companyInvites: services.companyInvites,
    companyExport: services.companyExport,
    studioOrders: services.studioOrders,
  });
  await app.register(studioSettingsRoutes, { studio: services.studio, settings: services.studioSettings, surveys: services.studioSurveys, revenue: services.revenue });
  await app.register(studioOrdersRoutes, { studio: services.studio, studioOrders: services.studioOrders });
  await app.register(studioShootsRoutes, { studio: services.studio, shoots: services.studioShoots, tus: services.shootUploadsTus });
  await app.register(studioCustomersRoutes, { studio: services.studio, studioCustomers: services.studioCustomers, studioSessionPhotos: services.studioSessionPhotos });
  await app.register(studioJobsRoutes, { studio: services.studio, jobsDashboard: services.jobsDashboard });
  await app.register(studioBookingRoutes, { studio: services.studio, booking: services.studioBooking });
  await app.register(studioGalleryLifecycleRoutes, { studio: services.studio, galleryLifecycle: services.galleryLifecycle });
};
