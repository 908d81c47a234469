package bench

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// ProcessOperator is cmd/controller run as a process of its own, as in a cluster, so that its
// memory is measured apart from the API server, etcd and armfake that share the benchmark's.
type ProcessOperator struct {
	cmd     *exec.Cmd
	metrics string
	// pprof is the base URL of the process's /debug/pprof/.
	pprof  string
	reader client.Reader
	done   chan error
	// Stop runs once: the round's, then the benchmark's cleanup after a failure.
	stopOnce sync.Once
	stopErr  error
}

// BuildController builds cmd/controller into dir and returns the binary's path.
func BuildController(ctx context.Context, repoRoot, dir string) (string, error) {
	bin := filepath.Join(dir, "controller")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/controller")
	cmd.Dir = repoRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building cmd/controller: %v\n%s", err, out)
	}
	return bin, nil
}

// StartProcessOperator starts the controller binary in watchers mode on the cluster cfg
// reaches, talking to srv, with the settings of oc given as a user gives them (environment),
// and returns once it serves metrics. reader is how the benchmark reads objects (the API server).
func StartProcessOperator(ctx context.Context, bin, dir string, cfg *rest.Config, reader client.Reader, srv *armfake.Server, oc OperatorConfig) (*ProcessOperator, error) {
	kubeconfig := filepath.Join(dir, "kubeconfig")
	if err := cluster.WriteKubeconfig(kubeconfig, cfg, "bench"); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	metricsAddr := fmt.Sprintf("127.0.0.1:%d", port)
	pprofPort, err := freePort()
	if err != nil {
		return nil, err
	}
	pprofAddr := fmt.Sprintf("127.0.0.1:%d", pprofPort)
	cmd := exec.Command(bin, "--kubeconfig", kubeconfig, "--metrics-addr", metricsAddr, "--health-addr", "0", "--pprof-addr", pprofAddr)
	cmd.Env = append(os.Environ(),
		"AZURE_OPERATOR_MODE=watchers",
		"AZURE_RESOURCE_MANAGER_ENDPOINT="+srv.URL()+"/",
		"AZURE_AUTHORITY_HOST="+srv.AuthorityHost(),
		"SSL_CERT_FILE="+srv.CAFile(),
		"AZURE_SYNC_PERIOD="+oc.SyncPeriod.String(),
		"MAX_CONCURRENT_RECONCILES="+strconv.Itoa(oc.Concurrency),
	)
	logPath := oc.LogFile
	if logPath == "" {
		logPath = filepath.Join(dir, "controller.log")
	}
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, err
	}
	p := &ProcessOperator{cmd: cmd, metrics: "http://" + metricsAddr + "/metrics", pprof: "http://" + pprofAddr + "/debug/pprof/", reader: reader, done: make(chan error, 1)}
	go func() { p.done <- cmd.Wait(); logFile.Close() }()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if _, _, err := p.Counts(); err == nil {
			return p, nil
		}
		select {
		case err := <-p.done:
			return nil, fmt.Errorf("the controller stopped at start (%v); its log is %s", err, logFile.Name())
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			_ = p.Stop()
			return nil, fmt.Errorf("the controller served no metrics in 2 minutes; its log is %s", logFile.Name())
		}
	}
}

// Reader reads the objects from the API server: the process's cache is its own.
func (p *ProcessOperator) Reader() client.Reader { return p.reader }

// Cached is false: Reader reads the API server.
func (p *ProcessOperator) Cached() bool { return false }

// LiveHeap is the process's heap after a collection: what its caches and the rest hold,
// garbage aside. It asks for a heap profile with gc=1 (the collection), written to path when
// path is not empty, then reads go_memstats_heap_alloc_bytes from its metrics.
func (p *ProcessOperator) LiveHeap(path string) (int64, error) {
	resp, err := http.Get(p.pprof + "heap?gc=1")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s: %s", p.pprof+"heap", resp.Status)
	}
	if path != "" {
		f, err := os.Create(path)
		if err != nil {
			return 0, err
		}
		_, err = io.Copy(f, resp.Body)
		if err := errors.Join(err, f.Close()); err != nil {
			return 0, err
		}
	}
	v, err := p.scrape("go_memstats_heap_alloc_bytes")
	return int64(v), err
}

// Counts scrapes the process's metrics for the PUTs sent and those avoided at resync. The
// counters appear only once something was counted: before that both are zero.
func (p *ProcessOperator) Counts() (puts, avoided int64, err error) {
	resp, err := http.Get(p.metrics)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		name, value, ok := strings.Cut(line, " ")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		v, perr := strconv.ParseFloat(value, 64)
		if perr != nil {
			continue
		}
		switch {
		case strings.HasPrefix(name, "armgen_puts_total"):
			puts += int64(v)
		case strings.HasPrefix(name, "armgen_resync_puts_avoided_total"):
			avoided += int64(v)
		}
	}
	return puts, avoided, sc.Err()
}

// scrape reads the value of the metric name (without labels) from the process's metrics.
func (p *ProcessOperator) scrape(name string) (float64, error) {
	resp, err := http.Get(p.metrics)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if value, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			return strconv.ParseFloat(strings.TrimSpace(value), 64)
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("no %s among the metrics of %s", name, p.metrics)
}

// PeakRSS is the process's VmHWM: the most memory it held at once.
func (p *ProcessOperator) PeakRSS() (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, errors.New("no VmHWM in /proc status")
}

// CPUTime is the CPU the process has used so far.
func (p *ProcessOperator) CPUTime() (time.Duration, error) { return processCPUTime(p.cmd.Process.Pid) }

// Stop ends the process as a cluster would (SIGTERM) and waits for it; later calls return
// the first's answer.
func (p *ProcessOperator) Stop() error {
	p.stopOnce.Do(func() {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(30 * time.Second):
			_ = p.cmd.Process.Kill()
			p.stopErr = errors.New("the controller did not stop on SIGTERM within 30 s")
		}
	})
	return p.stopErr
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// ProfileCPU profiles the process's CPU through its /debug/pprof/profile, in consecutive
// spans of chunk, each written to <prefix>.<n>.pprof, until stop is called; stop waits for the
// span under way. `go tool pprof -top <prefix>.*.pprof` merges them. (Spans rather than one
// profile: the endpoint profiles for a length given up front, and the length of a round is not
// known.)
func (p *ProcessOperator) ProfileCPU(prefix string, chunk time.Duration) (stop func() error) {
	done := make(chan struct{})
	ended := make(chan error, 1)
	go func() {
		var err error
		for n := 1; ; n++ {
			if err = p.profileSpan(fmt.Sprintf("%s.%d.pprof", prefix, n), chunk); err != nil {
				break
			}
			select {
			case <-done:
				ended <- nil
				return
			default:
			}
		}
		ended <- err
	}()
	return func() error {
		close(done)
		return <-ended
	}
}

// profileSpan writes one CPU profile of the process, of length span, to path.
func (p *ProcessOperator) profileSpan(path string, span time.Duration) error {
	resp, err := http.Get(fmt.Sprintf("%sprofile?seconds=%d", p.pprof, int(span.Seconds())))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", p.pprof+"profile", resp.Status)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, resp.Body)
	return errors.Join(err, f.Close())
}
