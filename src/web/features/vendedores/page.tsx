import { PageHeader } from '../../components/ui/page-header';

// Placeholder until this screen's issue lands.
export default function Page() {
  return <PageHeader title="Vendedores" subtitle="Em construção." />;
}
