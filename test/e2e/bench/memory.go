package bench

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"
)

// heapInUse is HeapInuse of runtime.MemStats, read through runtime/metrics, which does not
// stop the world: sampling every 100 ms must not slow what it measures.
var heapInUse = []string{"/memory/classes/heap/objects:bytes", "/memory/classes/heap/unused:bytes"}

// HeapInUse is the bytes of heap spans in use now.
func HeapInUse() uint64 {
	samples := make([]metrics.Sample, len(heapInUse))
	for i, name := range heapInUse {
		samples[i].Name = name
	}
	metrics.Read(samples)
	var total uint64
	for _, s := range samples {
		if s.Value.Kind() == metrics.KindUint64 {
			total += s.Value.Uint64()
		}
	}
	return total
}

// PeakSampler records the highest heap in use and RSS seen, sampling every interval until
// Stop. A sample can miss a peak shorter than the interval; the kernel's VmHWM cannot.
type PeakSampler struct {
	stop chan struct{}
	done sync.WaitGroup

	mu        sync.Mutex
	heap, rss uint64
}

// StartPeakSampler starts sampling now.
func StartPeakSampler(interval time.Duration) *PeakSampler {
	p := &PeakSampler{stop: make(chan struct{})}
	p.sample()
	p.done.Go(func() {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.sample()
			}
		}
	})
	return p
}

func (p *PeakSampler) sample() {
	heap := HeapInUse()
	rss, _ := procStatus("VmRSS")
	p.mu.Lock()
	defer p.mu.Unlock()
	p.heap, p.rss = max(p.heap, heap), max(p.rss, rss)
}

// Stop ends sampling and returns the peaks, in bytes.
func (p *PeakSampler) Stop() (heap, rss uint64) {
	close(p.stop)
	p.done.Wait()
	p.sample()
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.heap, p.rss
}

// PeakRSS is the process's peak resident set size (VmHWM), in bytes.
func PeakRSS() (uint64, error) { return procStatus("VmHWM") }

// ResetPeakRSS starts VmHWM again from the current RSS (Linux 4.0 and later), so that a peak
// reached while setting up (installing every CRD, say) is not charged to what follows.
func ResetPeakRSS() error {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// procStatus reads a "Name:  123 kB" line of /proc/self/status, in bytes.
func procStatus(name string) (uint64, error) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		key, value, ok := strings.Cut(s.Text(), ":")
		if !ok || key != name {
			continue
		}
		fields := strings.Fields(value)
		if len(fields) != 2 || fields[1] != "kB" {
			return 0, fmt.Errorf("/proc/self/status: unexpected %s line %q", name, s.Text())
		}
		kb, err := strconv.ParseUint(fields[0], 10, 64)
		return kb << 10, err
	}
	if err := s.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("/proc/self/status has no %s", name)
}

// MiB converts bytes for reporting.
func MiB(b uint64) float64 { return float64(b) / (1 << 20) }

// RSS is the process's resident set size now (VmRSS), in bytes.
func RSS() (uint64, error) { return procStatus("VmRSS") }

// SettledHeap collects garbage and returns the heap left in use, so that two readings taken
// around some work differ by what the work keeps, not by garbage not yet collected.
func SettledHeap() uint64 {
	runtime.GC()
	debug.FreeOSMemory()
	return HeapInUse()
}
