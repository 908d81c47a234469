package testapiserver

import (
	"context"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/armgen/armgen/internal/testsupport"
)

// Main is for TestMain: it starts one server for all the tests of a package, calls setup with
// it (to install CRDs, say, which is slow enough to do only once), runs the tests and stops the
// server. It returns the exit code for os.Exit. A failed start or setup fails the whole binary
// with the server's log.
//
//	var server *testapiserver.Server
//
//	func TestMain(m *testing.M) {
//		os.Exit(testapiserver.Main(m, func(ctx context.Context, s *testapiserver.Server) error {
//			server = s
//			return s.InstallCRDs(ctx, crds)
//		}))
//	}
func Main(m *testing.M, setup func(context.Context, *Server) error) int {
	return testsupport.Main(m, "testapiserver", func(tb testing.TB) {
		start := time.Now()
		s := Start(tb)
		tb.Logf("testapiserver: etcd and the API server started in %s", time.Since(start).Round(time.Millisecond))
		start = time.Now()
		if err := setup(context.Background(), s); err != nil {
			tb.Fatalf("setup: %v", err)
		}
		tb.Logf("testapiserver: setup took %s", time.Since(start).Round(time.Millisecond))
	})
}

func createOptions() metav1.CreateOptions {
	return metav1.CreateOptions{FieldValidation: metav1.FieldValidationStrict}
}

func listOptions() metav1.ListOptions { return metav1.ListOptions{} }

func joinLines(lines []string) string { return strings.Join(lines, "\n  ") }
