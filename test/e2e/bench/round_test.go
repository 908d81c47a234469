package bench_test

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/internal/credentials"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/test/e2e/bench"
	"github.com/armgen/armgen/test/e2e/cluster"
)

const (
	// creators is how many objects are written at once, as kubectl apply of a folder with
	// some parallelism would.
	creators = 16
)

// roundResult is what one round measured.
type roundResult struct {
	n, workers int
	// kinds counts the fleet by kind.
	kinds                  map[string]int
	create, ready, resync  time.Duration
	createReqs, resyncReqs bench.RequestCounts
	// createAPI is what the API server served while creating, the benchmark's own creates
	// and progress reads included.
	createAPI bench.APIRequests
	// reviews and converted are the conversion reviews the webhook answered while creating,
	// and the objects they held: createAPI.Conversions also counts the conversions the API
	// server answers itself (objects already at the version asked).
	reviews, converted int64
	// puts and avoided are the reconciler's counts: while creating, and at the resync.
	createPuts, createAvoided int64
	resyncPuts, resyncAvoided int64
	heapBaseline, heapPeak    uint64
	rssPeak, vmHWM            uint64
	hwmReset                  bool
	// managerHWM is the operator process's own peak (its VmHWM), when it runs as a process;
	// managerHeap its live heap once all was Ready (0: not measured).
	managerHWM, managerHeap int64
	process                 bool
	// cpu is the CPU this process used from the first create until all was Ready (the API
	// server, etcd, armfake and the webhook; the manager too in process); managerCPU the
	// operator process's.
	cpu, managerCPU time.Duration
}

// operator is the manager under measure: in this process, or cmd/controller as its own.
type operator interface {
	Reader() client.Reader
	// Cached says Reader is a cache (no load on the API server).
	Cached() bool
	Counts() (puts, avoided int64, err error)
	PeakRSS() (int64, error)
	CPUTime() (time.Duration, error)
	Stop() error
}

// runRound applies a fleet of n in its own namespace and subscription and waits for it to be
// Ready, then resyncs it through a restarted operator.
func runRound(b *testing.B, c *cluster.Cluster, hook *cluster.WebhookConfig, srv *armfake.Server, samples []map[string]any, round, n int, cfg bench.OperatorConfig) *roundResult {
	ctx := b.Context()
	ns := fmt.Sprintf("bench-%d", round)
	createNamespace(b, c, srv, ns, subscription(round))
	objs, err := bench.Fleet(c.Scheme, samples, ns, n)
	if err != nil {
		b.Fatal(err)
	}
	kinds, err := bench.HubKinds(c.Scheme, objs)
	if err != nil {
		b.Fatal(err)
	}
	res := &roundResult{n: n, workers: cfg.Concurrency}
	if res.kinds, err = bench.KindCounts(c.Scheme, objs); err != nil {
		b.Fatal(err)
	}

	// What the process holds before the operator starts, and peaks from here on.
	runtime.GC()
	res.heapBaseline = bench.HeapInUse()
	res.hwmReset = bench.ResetPeakRSS() == nil
	sampler := bench.StartPeakSampler(100 * time.Millisecond)
	srv.ResetRequests()
	apiBefore := countAPIRequests(b, c)
	reviewsBefore, convertedBefore := hook.Calls.Counts()

	// A long sync period: only the restart below resyncs.
	cfg.SyncPeriod = time.Hour
	op := startOperator(b, c, srv, cfg)
	res.process = *managerFlag == "process"
	progress, stopProgress := progressReader(b, c, op, ns, kinds)
	stopProfile := startCPUProfile(b)
	stopControllerProfile := startControllerCPUProfile(b, op)
	cpuBefore, managerCPUBefore := bench.CPUTime(), cpuTime(op)
	start := time.Now()
	timeline := bench.NewTimeline(n)
	var last bench.Progress
	count := func() (bench.Progress, error) {
		p, err := bench.CountReady(ctx, progress, c.Scheme, ns, kinds)
		if err != nil {
			return p, err
		}
		for _, line := range timeline.Observe(time.Since(start), p.Total, p.Ready) {
			say(line)
		}
		return p, nil
	}
	// At 10,000 the creates alone take minutes on a loaded machine: progress is told meanwhile.
	stopCreating := make(chan struct{})
	counting := make(chan struct{})
	go func() {
		defer close(counting)
		for {
			select {
			case <-stopCreating:
				return
			case <-time.After(pollEvery(n)):
				if _, err := count(); err != nil {
					say(fmt.Sprintf("counting while creating: %v", err)) // b.Fatal is for the benchmark's goroutine
				}
			}
		}
	}()
	createAll(b, c.Client, objs)
	close(stopCreating)
	<-counting
	res.create = time.Since(start)
	say(fmt.Sprintf("created %d in %.1f s", n, res.create.Seconds()))
	waitFor(b, "Ready", start, n, func() (bool, string) {
		p, err := count()
		if err != nil {
			b.Fatal(err)
		}
		last = p
		return last.Ready == n, fmt.Sprintf("%d/%d Ready; not yet: %s", last.Ready, last.Total, reasons(last.NotReady))
	}, func() string { return last.StuckReport() })
	res.ready = time.Since(start)
	for _, line := range timeline.Done(res.ready) {
		say(line)
	}
	res.cpu, res.managerCPU = bench.CPUTime()-cpuBefore, cpuTime(op)-managerCPUBefore
	stopProfile()
	stopControllerProfile()
	stopProgress()
	res.createAPI = countAPIRequests(b, c).Sub(apiBefore)
	reviews, converted := hook.Calls.Counts()
	res.reviews, res.converted = reviews-reviewsBefore, converted-convertedBefore
	writeHeapProfile(b)
	res.managerHeap = liveHeap(b, op)
	res.createPuts, res.createAvoided = counts(b, op)
	res.createReqs = bench.CountRequests(srv.Requests())
	res.managerHWM = max(res.managerHWM, peak(op))
	if err := op.Stop(); err != nil {
		b.Fatalf("stopping the operator: %v", err)
	}

	// The resync: a new operator lists every object and reconciles each once; all are Ready
	// for their generation, so each is compared with Azure (a GET) and PUT only if it drifted.
	srv.ResetRequests()
	start = time.Now()
	op = startOperator(b, c, srv, cfg)
	waitFor(b, "resynced", start, n, func() (bool, string) {
		puts, avoided := counts(b, op)
		return puts+avoided >= int64(n), fmt.Sprintf("%d PUTs, %d avoided of %d", puts, avoided, n)
	}, nil)
	res.resync = time.Since(start)
	res.resyncPuts, res.resyncAvoided = counts(b, op)
	res.resyncReqs = bench.CountRequests(srv.Requests())
	res.managerHWM = max(res.managerHWM, peak(op))
	if err := op.Stop(); err != nil {
		b.Fatalf("stopping the operator: %v", err)
	}

	res.heapPeak, res.rssPeak = sampler.Stop()
	if res.vmHWM, err = bench.PeakRSS(); err != nil {
		b.Logf("no VmHWM: %v", err)
	}
	return res
}

// createNamespace makes ns with the credential every object of it uses: a service principal
// armfake issues tokens to, in subscription sub.
func createNamespace(b *testing.B, c *cluster.Cluster, srv *armfake.Server, ns, sub string) {
	ctx := b.Context()
	if err := c.Client.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}); err != nil {
		b.Fatal(err)
	}
	secret := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: credentials.NamespaceSecretName},
		StringData: map[string]string{
			credentials.SubscriptionIDKey: sub,
			credentials.TenantIDKey:       srv.TenantID(),
			credentials.ClientIDKey:       "bench",
			credentials.ClientSecretKey:   "bench-secret",
		},
	}
	if err := c.Client.Create(ctx, secret); err != nil {
		b.Fatal(err)
	}
}

// createAll writes objs, creators at a time, each tried again while the API server is
// overloaded (bench.Create).
func createAll(b *testing.B, c client.Client, objs []client.Object) {
	ctx := b.Context()
	work := make(chan client.Object)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []string
	retried := 0
	for range creators {
		wg.Go(func() {
			for obj := range work {
				n, err := bench.Create(ctx, c, obj)
				mu.Lock()
				retried += n
				if err != nil {
					errs = append(errs, fmt.Sprintf("%s: %v", obj.GetName(), err))
				}
				mu.Unlock()
			}
		})
	}
	for _, obj := range objs {
		work <- obj
	}
	close(work)
	wg.Wait()
	if retried > 0 {
		say(fmt.Sprintf("creates tried again %d times: the API server was overloaded", retried))
	}
	if len(errs) > 0 {
		b.Fatalf("creating %d of %d objects failed, first: %s", len(errs), len(objs), errs[0])
	}
}

// waitFor polls done until it holds, logging its progress every 10 s with -v. It gives up
// after bench.ReadyTimeout(n), or sooner if the test binary's -timeout would end the run first
// (a panic that reports nothing), and then fails with stuck's report when there is one.
func waitFor(b *testing.B, what string, start time.Time, n int, done func() (bool, string), stuck func() string) {
	timeout := bench.ReadyTimeout(n)
	if left, ok := timeLeft(); ok {
		// Time to stop the operator and report.
		timeout = min(timeout, time.Since(start)+left-2*time.Minute)
	}
	poll := pollEvery(n)
	lastLog := time.Now()
	for {
		ok, progress := done()
		if ok {
			return
		}
		if time.Since(start) > timeout {
			report := ""
			if stuck != nil {
				report = "\n" + stuck()
			}
			say(fmt.Sprintf("not %s after %s: %s%s", what, timeout.Round(time.Second), progress, report))
			b.Fatalf("not %s after %s: %s%s", what, timeout.Round(time.Second), progress, report)
		}
		// Progress only with -v: a benchmark's output is cut to ten lines, kept for the summary.
		if testing.Verbose() && time.Since(lastLog) >= 10*time.Second {
			b.Logf("%6.1fs: %s", time.Since(start).Seconds(), progress)
			lastLog = time.Now()
		}
		select {
		case <-b.Context().Done():
			b.Fatalf("interrupted before %s: %s", what, progress)
		case <-time.After(poll):
		}
	}
}

// pollEvery is how often progress is counted, from a cache (no API request): the operator's
// when it runs in this process, else the benchmark's own (bench.WatchNamespace). A count walks
// every object, so it is less frequent the larger the fleet: its CPU is the benchmark's.
func pollEvery(n int) time.Duration {
	return 250 * time.Millisecond * time.Duration(max(1, n/1000))
}

// processStart is about when the test binary started, what its -timeout counts from.
var processStart = time.Now()

// timeLeft is what the test binary's -timeout leaves, when it has one.
func timeLeft() (time.Duration, bool) {
	f := flag.Lookup("test.timeout")
	if f == nil {
		return 0, false
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return 0, false
	}
	d, ok := g.Get().(time.Duration)
	if !ok || d <= 0 {
		return 0, false
	}
	return d - time.Since(processStart), true
}

// say prints a line at once, past the benchmark's log (shown only at its end, cut to ten
// lines): the progress of a long run, kept by whatever holds its output even if it is cut off.
func say(line string) {
	fmt.Fprintf(os.Stderr, "bench: %s %s\n", time.Now().UTC().Format("15:04:05"), line)
}

func reasons(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	var out []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		name := k
		if name == "" {
			name = "no condition"
		}
		out = append(out, fmt.Sprintf("%s %d", name, m[k]))
	}
	return strings.Join(out, ", ")
}

// report hands the figures to the benchmark line and logs them readably.
func (r *roundResult) report(b *testing.B) {
	perResource := func(v int) float64 { return float64(v) / float64(r.n) }
	b.ReportMetric(float64(r.n), "resources")
	b.ReportMetric(float64(len(r.kinds)), "kinds")
	b.ReportMetric(r.ready.Seconds(), "s-to-ready")
	b.ReportMetric(r.cpu.Seconds(), "cpu-s")
	if r.process {
		b.ReportMetric(r.managerCPU.Seconds(), "manager-cpu-s")
	}
	b.ReportMetric(perResource(r.createReqs.ARM), "arm-req/resource")
	b.ReportMetric(perResource(r.createAPI.Writes+r.createAPI.StatusWrites+r.createAPI.Events), "api-writes/resource")
	b.ReportMetric(perResource(int(r.reviews)), "webhook-calls/resource")
	b.ReportMetric(bench.MiB(r.heapPeak), "peak-heap-MiB")
	b.ReportMetric(bench.MiB(r.vmHWM), "VmHWM-MiB")
	if r.process {
		b.ReportMetric(bench.MiB(uint64(r.managerHWM)), "manager-VmHWM-MiB")
		b.ReportMetric(bench.MiB(uint64(r.managerHeap)), "manager-heap-MiB")
	}
	b.ReportMetric(float64(r.resyncPuts), "resync-PUTs")
	b.ReportMetric(float64(r.n), "resync-PUTs-ASO")
	b.ReportMetric(r.resync.Seconds(), "s-to-resync")

	cr, rr := r.createReqs, r.resyncReqs
	hwmNote := "since the last reset before the operator started"
	if !r.hwmReset {
		hwmNote = "since the process started (could not reset it), CRD installation included"
	}
	b.Logf(`operator benchmark, %d resources of %d kinds (%d workers per kind), on a shared machine: timings are noisy
  kinds                  %s
  created in             %6.1f s
  all Ready after        %6.1f s (from the first create)
  CPU until then         %6.1f s by this process (API server, etcd, armfake, webhook)%s
  ARM requests/resource  %6.2f  (PUT %.2f, GET %.2f, poll %.2f, other %.2f; failed %d%s; token requests %d)
                         %6d GETs answered 404 before a create%s
  PUTs sent              %6d   (%d resyncs avoided a PUT while creating: reconciles of Ready objects)
  API requests/resource  %6.2f  writes (%.2f of objects, %.2f of status, %.2f Events), %.2f GETs, %.2f conversions; the creates included
  conversion webhook     %6.2f  reviews/resource (%.2f objects): the API server's count above adds those it answers itself
  peak heap in use       %6.0f MiB (baseline before the operator %0.f MiB)
  peak RSS sampled       %6.0f MiB; VmHWM %0.f MiB (%s)
    heap and RSS are the whole process: kube-apiserver, etcd and armfake too, so they bound the operator from above
  %s
  resync of all          %6.1f s: %d PUTs (ASO would send %d), %d avoided, %.2f ARM requests/resource (GET %.2f, PUT %.2f)`,
		r.n, len(r.kinds), r.workers, kindLine(r.kinds),
		r.create.Seconds(),
		r.ready.Seconds(),
		r.cpu.Seconds(), managerCPULine(r),
		perResource(cr.ARM), perResource(cr.Puts), perResource(cr.Gets), perResource(cr.Polls), perResource(cr.Other+cr.Deletes), cr.Failed, failedBy(cr.FailedBy), cr.Token,
		cr.NotFound, failedBy(cr.NotFoundBy),
		r.createPuts, r.createAvoided,
		perResource(r.createAPI.Writes+r.createAPI.StatusWrites+r.createAPI.Events), perResource(r.createAPI.Writes), perResource(r.createAPI.StatusWrites), perResource(r.createAPI.Events), perResource(r.createAPI.Reads), perResource(r.createAPI.Conversions),
		perResource(int(r.reviews)), perResource(int(r.converted)),
		bench.MiB(r.heapPeak), bench.MiB(r.heapBaseline),
		bench.MiB(r.rssPeak), bench.MiB(r.vmHWM), hwmNote,
		managerLine(r),
		r.resync.Seconds(), r.resyncPuts, r.n, r.resyncAvoided, perResource(rr.ARM), perResource(rr.Gets), perResource(rr.Puts))
}

// startOperator starts the manager as -manager says: cmd/controller as a process (its memory
// then measured apart), or in this process.
func startOperator(b *testing.B, c *cluster.Cluster, srv *armfake.Server, cfg bench.OperatorConfig) operator {
	ctx := b.Context()
	if *managerFlag == "process" {
		cfg.LogFile = os.Getenv("ARMGEN_BENCH_LOG")
		dir := b.TempDir()
		bin, err := bench.BuildController(ctx, filepath.Join("..", "..", ".."), dir)
		if err != nil {
			b.Fatal(err)
		}
		op, err := bench.StartProcessOperator(ctx, bin, dir, c.Config, c.Client, srv, cfg)
		if err != nil {
			b.Fatal(err)
		}
		// A round that fails leaves no controller running on after the benchmark.
		b.Cleanup(func() { _ = op.Stop() })
		return op
	}
	op, err := bench.StartOperator(ctx, c.Config, srv, cfg)
	if err != nil {
		b.Fatal(err)
	}
	return op
}

func countAPIRequests(b *testing.B, c *cluster.Cluster) bench.APIRequests {
	n, err := bench.CountAPIRequests(b.Context(), c.Config)
	if err != nil {
		b.Fatalf("reading the API server's metrics: %v", err)
	}
	return n
}

// progressReader is where progress is counted: the operator's cache when it runs in this
// process, else a cache of the benchmark's own, kept by watches until stop is called (its
// start, a list of the empty namespace, is not timed).
func progressReader(b *testing.B, c *cluster.Cluster, op operator, ns string, kinds []schema.GroupVersionKind) (r client.Reader, stop func()) {
	if !op.Cached() {
		ctx, cancel := context.WithCancel(b.Context())
		r, err := bench.WatchNamespace(ctx, c.Config, c.Scheme, ns, kinds)
		if err != nil {
			cancel()
			b.Fatal(err)
		}
		return r, cancel
	}
	return op.Reader(), func() {}
}

func counts(b *testing.B, op operator) (puts, avoided int64) {
	puts, avoided, err := op.Counts()
	if err != nil {
		b.Fatalf("reading the operator's counts: %v", err)
	}
	return puts, avoided
}

func peak(op operator) int64 {
	v, err := op.PeakRSS()
	if err != nil {
		return 0
	}
	return v
}

func managerCPULine(r *roundResult) string {
	if !r.process {
		return ", the manager's included"
	}
	return fmt.Sprintf(", %.1f s by cmd/controller", r.managerCPU.Seconds())
}

// cpuTime is the operator process's CPU so far; zero when it runs in this process.
func cpuTime(op operator) time.Duration {
	d, err := op.CPUTime()
	if err != nil {
		return 0
	}
	return d
}

func managerLine(r *roundResult) string {
	if !r.process {
		return "manager alone          not measured: it runs in this process (-manager process measures it)"
	}
	return fmt.Sprintf("manager alone          %6.0f MiB VmHWM: cmd/controller as its own process, the highest of its two runs; live heap %.0f MiB once all was Ready", bench.MiB(uint64(r.managerHWM)), bench.MiB(uint64(r.managerHeap)))
}

// failedBy lists the failed ARM answers by method, status and what was asked, most first.
func failedBy(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b string) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(a, b)
	})
	var out []string
	for _, k := range keys {
		out = append(out, fmt.Sprintf("%s: %d", k, m[k]))
	}
	return " (" + strings.Join(out, ", ") + ")"
}

// kindLine lists the fleet's kinds with their counts.
func kindLine(counts map[string]int) string {
	var out []string
	for _, k := range bench.SortedKinds(counts) {
		out = append(out, fmt.Sprintf("%s %d", k, counts[k]))
	}
	return strings.Join(out, ", ")
}

// liveHeap is the operator process's live heap, once all is Ready (its caches full), and its
// heap profile written to ARMGEN_BENCH_CONTROLLER_HEAPPROFILE when set; 0 in process (the
// process's heap is the benchmark's, reported apart) or when it cannot be read.
func liveHeap(b *testing.B, op operator) int64 {
	p, ok := op.(*bench.ProcessOperator)
	if !ok {
		return 0
	}
	v, err := p.LiveHeap(os.Getenv("ARMGEN_BENCH_CONTROLLER_HEAPPROFILE"))
	if err != nil {
		b.Logf("the controller's live heap: %v", err)
		return 0
	}
	return v
}
