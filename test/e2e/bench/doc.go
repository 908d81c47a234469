// Package bench measures the operator at scale: N resources (resource groups, virtual networks,
// subnets, storage accounts) applied at once to a full kube-apiserver started in the test
// process, reconciled by the manager running in process against armfake, until all are Ready;
// then one resync of all of them with nothing changed.
//
// It reports, with b.ReportMetric: the seconds until all are Ready, ARM requests per resource,
// the peak heap in use and the process's peak RSS (both include the API server, etcd and
// armfake, which share the process, so they bound the manager from above), and the PUTs the
// resync sent next to the N that Azure Service Operator sends (it re-PUTs every resource at
// every sync).
//
// Run it with `make bench-operator`, or
//
//	cd test/e2e && go test ./bench -run '^$' -bench Operator -benchtime 1x -timeout 30m
//
// with ARMGEN_SPEC_ROOT set (armfake is built from the swagger). ARMGEN_BENCH_RESOURCES (or
// -resources) sets N, ARMGEN_BENCH_CONCURRENCY (-concurrency) the workers per controller, a
// comma list running one sub-benchmark each, and ARMGEN_BENCH_WAIT_DELAY (-wait-delay) the
// reconciler's WaitDelay (empty: its default). ARMGEN_BENCH_LOG=FILE keeps the operator's log,
// ARMGEN_BENCH_HEAPPROFILE=FILE writes the heap once all is Ready (to tell the operator's share);
// -v logs progress every 10 s. The cluster, every generated CRD and armfake are set up once
// per run and not timed; each round has its own namespace and subscription.
package bench
