// Package bench measures the operator at scale: N resources applied at once to a full
// kube-apiserver started in the test process, reconciled against armfake by cmd/controller run
// as a process of its own (as in a cluster; -manager inprocess runs the manager in the
// benchmark's process instead), until all are Ready; then one resync of all of them with
// nothing changed. The N are copies of 31 samples of samples/ (FleetSamples: a resource group
// and, across 30 kinds of 9 groups, networks, DNS zones, storage, Service Bus, Event Hubs,
// disks, monitoring), each copy renamed with its owners, references by name and export
// destinations, so that many controllers work at once; the report counts them by kind.
//
// It reports, with b.ReportMetric: the seconds until all are Ready and the CPU seconds spent
// until then by the benchmark's process and by the controller's (less noisy than the time on a
// shared machine), ARM requests per resource (the report lists the failed ones by method and
// status), the controller process's peak RSS (its VmHWM), the benchmark process's peak heap
// and RSS (the API server, etcd and armfake, plus the manager when it runs in process), the
// API server's writes per resource (from its own metrics: of objects, of status, of Events),
// the conversion webhook's reviews per resource (counted by the webhook: the API server's own
// conversion metric also counts the conversions it answers itself, of objects already at the
// version asked), and the PUTs the resync sent next to the N that Azure Service Operator sends (it re-PUTs
// every resource at every sync).
//
// Run it with `make bench-operator`, or
//
//	cd test/e2e && go test ./bench -run '^$' -bench Operator -benchtime 1x -timeout 70m
//
// with ARMGEN_SPEC_ROOT set (armfake is built from the swagger). ARMGEN_BENCH_RESOURCES (or
// -resources) sets N, ARMGEN_BENCH_CONCURRENCY (-concurrency) the workers per controller, a
// comma list running one sub-benchmark each, ARMGEN_BENCH_MANAGER (-manager) process or
// inprocess, and ARMGEN_BENCH_WAIT_DELAY (-wait-delay) the reconciler's WaitDelay (in process
// only; empty: its default). ARMGEN_BENCH_LOG=FILE keeps the operator's log,
// ARMGEN_BENCH_HEAPPROFILE=FILE writes the heap once all is Ready (to tell the operator's share),
// ARMGEN_CONVERSION_LOG=FILE logs each object the webhook converts (the version asked, the
// object's version, name, resourceVersion, managedFields versions: where the calls come from),
// ARMGEN_BENCH_CONTROLLER_HEAPPROFILE=FILE the heap profile of cmd/controller then (its live heap
// is reported either way, read through its --pprof-addr),
// ARMGEN_BENCH_CPUPROFILE=FILE profiles the benchmark's process (the API server, etcd, armfake,
// the conversion webhook) from the first create until all is Ready,
// ARMGEN_BENCH_CONTROLLER_CPUPROFILE=PREFIX cmd/controller's over the same span, in 5 s files
// PREFIX.1.pprof, PREFIX.2.pprof, ... (`go tool pprof -top PREFIX.*.pprof` merges them);
// -v logs progress every 10 s.
// The cluster, every generated CRD and armfake are set up once per run and not timed; each
// round has its own namespace and subscription.
//
// The Makefile's -timeout grows with N: 30 minutes plus twice ReadyTimeout(N), each wait's
// bound. While waiting for Ready it prints, on stderr as it goes, a line a minute with the
// Ready count, ready_at_10min=N/TOTAL and all_ready_s=S; a wait cut off (at ReadyTimeout, or
// before the test's -timeout would end the run) lists what is not Ready by kind and reason.
package bench
