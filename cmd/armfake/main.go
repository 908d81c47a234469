// Command armfake serves an Azure Resource Manager emulator built from the ARM swagger of a
// spec root (see docs/armfake.md).
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/armgen/armgen/pkg/armfake"
)

// grants collects repeated --grant CLIENT[:SECRET]=SCOPE[,SCOPE...] flags.
type grants map[string]armfake.Client

func (g grants) String() string { return "" }

func (g grants) Set(v string) error {
	who, scopes, ok := strings.Cut(v, "=")
	if !ok || who == "" {
		return fmt.Errorf("want CLIENT[:SECRET]=SCOPE[,SCOPE...], got %q", v)
	}
	id, secret, _ := strings.Cut(who, ":")
	c := armfake.Client{Secret: secret}
	for _, s := range strings.Split(scopes, ",") {
		if s = strings.TrimSpace(s); s != "" {
			c.Scopes = append(c.Scopes, s)
		}
	}
	g[id] = c
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "armfake:", err)
		os.Exit(1)
	}
}

func run() error {
	var opts armfake.Options
	g := grants{}
	var faultsFile, groups, subs string
	var echo bool
	flag.StringVar(&opts.SpecRoot, "spec-root", os.Getenv("ARMGEN_SPEC_ROOT"), "spec root (the specification folder; default $ARMGEN_SPEC_ROOT)")
	flag.StringVar(&opts.Addr, "listen", "127.0.0.1:0", "listen address (port 0 picks a free port)")
	flag.StringVar(&groups, "groups", "", "comma-separated provider groups to serve (network,storage); default all")
	flag.IntVar(&opts.LROPolls, "lro-polls", 0, "polls a long-running operation answers InProgress before it finishes")
	flag.DurationVar(&opts.LRODuration, "lro-duration", 0, "minimum time a long-running operation stays InProgress")
	flag.DurationVar(&opts.LROFinishAfter, "lro-finish-after", 0, "finish a long-running operation once it has run this long, polled or not (0: only polls finish it)")
	flag.DurationVar(&opts.OperationExpiry, "operation-expiry", 0, "answer 404 on an operation's status URL once it started this long ago (0: never)")
	flag.BoolVar(&opts.ForceLRO, "force-lro", false, "make every PUT and DELETE long-running")
	flag.DurationVar(&opts.RetryAfter, "retry-after", 0, "poll interval advised in Retry-After (default: each service's own advice when realistic, else 1s)")
	flag.StringVar(&faultsFile, "faults", "", "YAML or JSON file of faults to inject")
	flag.Int64Var(&opts.Seed, "seed", 0, "seed for generated values and probabilistic faults")
	flag.IntVar(&opts.ListPageSize, "list-page-size", 0, "answer lists a page of this many items at a time, with nextLink (0: one page)")
	flag.StringVar(&opts.CADir, "ca-dir", "", "folder for the CA file (default a temporary folder)")
	flag.Var(g, "grant", "CLIENT[:SECRET]=SCOPE[,SCOPE...]: a client limited to these ARM IDs (repeatable)")
	flag.BoolVar(&opts.StrictClients, "strict-clients", false, "refuse tokens to clients without --grant")
	flag.BoolVar(&opts.RequireAuth, "require-auth", false, "refuse ARM requests without a bearer token")
	flag.StringVar(&subs, "subscriptions", "", "comma-separated subscription ids that exist (default: all)")
	flag.BoolVar(&echo, "echo", false, "answer with what was sent instead of as Azure does (display-name locations, service defaults, re-cased IDs, keys null in GET, each service's long-running answers)")
	flag.IntVar(&opts.RequestBudget.Reads, "budget-reads", 0, "reads (GET) a subscription may make per --budget-window before 429 (0: no limit)")
	flag.IntVar(&opts.RequestBudget.Writes, "budget-writes", 0, "writes (PUT, PATCH, DELETE, POST) a subscription may make per --budget-window before 429 (0: no limit)")
	flag.DurationVar(&opts.RequestBudget.Window, "budget-window", time.Hour, "the window of --budget-reads and --budget-writes")
	flag.Parse()
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %v", flag.Args())
	}
	if opts.LROPolls == 0 {
		opts.LROPolls = -1 // Options reads 0 as its default (2)
	}
	// The binary stands in for Azure, so it answers as Azure does unless asked to echo; the
	// package keeps echoing by default for the tests written against it.
	opts.Realistic = !echo
	if groups != "" {
		opts.Groups = strings.Split(groups, ",")
	}
	if subs != "" {
		opts.Subscriptions = strings.Split(subs, ",")
	}
	if faultsFile != "" {
		f, err := armfake.LoadFaults(faultsFile)
		if err != nil {
			return err
		}
		opts.Faults = f
	}
	if len(g) > 0 {
		opts.Clients = g
	}
	start := time.Now()
	srv, err := armfake.NewServer(opts)
	if err != nil {
		return err
	}
	defer srv.Close()
	types, versions := srv.ResourceTypes()
	fmt.Printf("armfake listening on %s\n", srv.URL())
	fmt.Printf("CA file: %s\n", srv.CAFile())
	fmt.Printf("serving %d resource types (%d type/api-version pairs), started in %s\n", types, versions, time.Since(start).Round(time.Millisecond))
	if w := srv.Warnings(); len(w) > 0 {
		fmt.Printf("skipped %d version folders that could not be loaded (GET %s/armfake/info lists them)\n", len(w), srv.URL())
	}
	fmt.Printf("admin: %s/armfake/requests\n", srv.URL())
	fmt.Println("export:")
	for _, e := range srv.Env() {
		k, v, _ := strings.Cut(e, "=")
		fmt.Printf("export %s=%q\n", k, v)
	}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	<-ch
	return nil
}
