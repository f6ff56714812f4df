import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddEmployeeRequest,
  CompanyImageKind,
  CreateCompanyRequest,
  EmployeesImportCommand,
  UpdateCompanyRequest,
  addEmployeeResult,
  companiesResponse,
  company,
  companyEmployeesResponse,
  employeesImportPreview,
  employeesImportResult,
} from '@studio-gallery/contract';
import { env } from '../../../config/env';
import { ApiError, api, apiRequest, type Answer } from '../../../lib/api-client';
import { apiHeaders, buildApiUrl } from '../../../lib/api-url';
import { getToken } from '../../../lib/session';

export type Company = Answer<typeof company>;
export type CompaniesList = Answer<typeof companiesResponse>;
export type CompanyEmployeesPage = Answer<typeof companyEmployeesResponse>;
export type CompanyEmployee = CompanyEmployeesPage['items'][number];
export type AddEmployeeResult = Answer<typeof addEmployeeResult>;
export type EmployeesImportPreview = Answer<typeof employeesImportPreview>;
export type EmployeesImportResult = Answer<typeof employeesImportResult>;

export interface EmployeesParams {
  search: string;
  page: number;
  pageSize: number;
}

/** Query keys of the companies screens; mutations invalidate the ones they change. */
export const companyKeys = {
  all: ['studio', 'companies'] as const,
  list: () => ['studio', 'companies', 'list'] as const,
  detail: (id: number) => ['studio', 'companies', 'detail', id] as const,
  employeesOf: (id: number) => ['studio', 'companies', 'employees', id] as const,
  employees: (id: number, query: EmployeesParams) => ['studio', 'companies', 'employees', id, query] as const,
  /** The studio's activity log gains an entry with every change. */
  activity: ['studio', 'activity'] as const,
};

/** GET /studio/companies */
export const companiesQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.list(), queryFn: ({ signal }) => api.get<CompaniesList>('/studio/companies', { signal }) });
export function useCompanies() {
  return useQuery(companiesQueryOptions());
}

/** GET /studio/companies/{id} */
export const companyQueryOptions = (id: number) =>
  queryOptions({ queryKey: companyKeys.detail(id), queryFn: ({ signal }) => api.get<Company>(`/studio/companies/${id}`, { signal }) });
export function useCompany(id: number) {
  return useQuery(companyQueryOptions(id));
}

/** After a change of one company: its detail, the list and the activity log are stale. */
function useCompanyChanged() {
  const queryClient = useQueryClient();
  return (saved?: Company) => {
    if (saved) queryClient.setQueryData(companyKeys.detail(saved.id), saved);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.list() }),
      queryClient.invalidateQueries({ queryKey: companyKeys.activity }),
    ]);
  };
}

/** POST /studio/companies (admins) */
export function useCreateCompany() {
  const changed = useCompanyChanged();
  return useMutation({ mutationFn: (values: CreateCompanyRequest) => api.post<Company>('/studio/companies', values), onSuccess: (saved) => changed(saved) });
}

/** PUT /studio/companies/{id} (admins): the fields sent change. */
export function useUpdateCompany(id: number) {
  const changed = useCompanyChanged();
  return useMutation({ mutationFn: (values: UpdateCompanyRequest) => api.put<Company>(`/studio/companies/${id}`, values), onSuccess: (saved) => changed(saved) });
}

/** POST /studio/companies/{id}/images/{kind}: the file as multipart/form-data (admins). */
export async function uploadCompanyImage(id: number, kind: CompanyImageKind, file: File): Promise<Company> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(buildApiUrl(env.apiBaseUrl, `/studio/companies/${id}/images/${kind}`), {
    method: 'POST',
    headers: apiHeaders(getToken()),
    body: form,
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' ? data.message : 'The image could not be uploaded.';
    throw new ApiError(response.status, message);
  }
  return data as Company;
}

export function useUploadCompanyImage(id: number) {
  const changed = useCompanyChanged();
  return useMutation({ mutationFn: ({ kind, file }: { kind: CompanyImageKind; file: File }) => uploadCompanyImage(id, kind, file), onSuccess: (saved) => changed(saved) });
}

/** DELETE /studio/companies/{id}/images/{kind} (admins) */
export function useRemoveCompanyImage(id: number) {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: (kind: CompanyImageKind) => apiRequest<Company>(`/studio/companies/${id}/images/${kind}`, { method: 'DELETE' }),
    onSuccess: (saved) => changed(saved),
  });
}

/** GET /studio/companies/{id}/employees?search&page&pageSize */
export function useCompanyEmployees(id: number, query: EmployeesParams) {
  return useQuery({
    queryKey: companyKeys.employees(id, query),
    queryFn: ({ signal }) =>
      api.get<CompanyEmployeesPage>(`/studio/companies/${id}/employees`, { query: { search: query.search || undefined, page: query.page, pageSize: query.pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** After employees changed: the list, the counts and the activity log are stale. */
function useEmployeesChanged(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.employeesOf(id) }),
      queryClient.invalidateQueries({ queryKey: companyKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: companyKeys.list() }),
      queryClient.invalidateQueries({ queryKey: companyKeys.activity }),
    ]);
}

/** POST /studio/companies/{id}/employees */
export function useAddEmployee(id: number) {
  const changed = useEmployeesChanged(id);
  return useMutation({ mutationFn: (values: AddEmployeeRequest) => api.post<AddEmployeeResult>(`/studio/companies/${id}/employees`, values), onSuccess: changed });
}

/** DELETE /studio/companies/{id}/employees/{userId}: the account stays. */
export function useRemoveEmployee(id: number) {
  const changed = useEmployeesChanged(id);
  return useMutation({ mutationFn: (userId: number) => apiRequest<void>(`/studio/companies/${id}/employees/${userId}`, { method: 'DELETE' }), onSuccess: changed });
}

/** POST /studio/companies/{id}/employees/import/preview: nothing is written. */
export function previewEmployeesImport(id: number, csv: string): Promise<EmployeesImportPreview> {
  return api.post<EmployeesImportPreview>(`/studio/companies/${id}/employees/import/preview`, { csv });
}

/** POST /studio/companies/{id}/employees/import: every row but the lines chosen to skip, or none. */
export function useImportEmployees(id: number) {
  const changed = useEmployeesChanged(id);
  return useMutation({
    mutationFn: (command: EmployeesImportCommand) => api.post<EmployeesImportResult>(`/studio/companies/${id}/employees/import`, command),
    onSuccess: changed,
  });
}
