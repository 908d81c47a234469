package settings

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/genruntime"
)

func env(kv map[string]string) func(string) string {
	return func(k string) string { return kv[k] }
}

func defaults() Settings {
	return Settings{
		ResourceManagerEndpoint: DefaultResourceManagerEndpoint,
		ResourceManagerAudience: DefaultResourceManagerAudience,
		AuthorityHost:           DefaultAuthorityHost,
		SyncPeriod:              time.Hour,
		OperatorMode:            ModeWatchersAndWebhooks,
		DefaultReconcilePolicy:  genruntime.ReconcilePolicyManage,
		MaxConcurrentReconciles: 1,
		RateLimit:               RateLimit{Mode: RateLimitDisabled, QPS: 5, BucketSize: 100},
		ARMRequestTimeout:       2 * time.Minute,
		ReconcileTimeout:        5 * time.Minute,
		MaxOperationAge:         24 * time.Hour,
	}
}

func TestLoad(t *testing.T) {
	cases := map[string]struct {
		env  map[string]string
		want func(*Settings)
	}{
		"empty environment gives ASO's defaults": {},
		"sovereign cloud, trailing slashes added": {
			env: map[string]string{
				ResourceManagerEndpointVar: "https://management.chinacloudapi.cn",
				ResourceManagerAudienceVar: "https://management.core.chinacloudapi.cn/",
				AuthorityHostVar:           "https://login.chinacloudapi.cn",
			},
			want: func(s *Settings) {
				s.ResourceManagerEndpoint = "https://management.chinacloudapi.cn/"
				s.ResourceManagerAudience = "https://management.core.chinacloudapi.cn/"
				s.AuthorityHost = "https://login.chinacloudapi.cn/"
			},
		},
		"sync period as a duration": {
			env:  map[string]string{SyncPeriodVar: "15m"},
			want: func(s *Settings) { s.SyncPeriod = 15 * time.Minute },
		},
		"max operation age": {
			env:  map[string]string{MaxOperationAgeVar: "6h"},
			want: func(s *Settings) { s.MaxOperationAge = 6 * time.Hour },
		},
		"sync period never": {
			env:  map[string]string{SyncPeriodVar: "Never"},
			want: func(s *Settings) { s.SyncPeriod = 0 },
		},
		"target namespaces trimmed, empty items dropped": {
			env:  map[string]string{TargetNamespacesVar: " ns1, ns2 ,,ns3 "},
			want: func(s *Settings) { s.TargetNamespaces = []string{"ns1", "ns2", "ns3"} },
		},
		"webhooks only": {
			env:  map[string]string{OperatorModeVar: "webhooks"},
			want: func(s *Settings) { s.OperatorMode = ModeWebhooks },
		},
		"watchers only, any case": {
			env:  map[string]string{OperatorModeVar: "Watchers"},
			want: func(s *Settings) { s.OperatorMode = ModeWatchers },
		},
		"both is an alias": {
			env:  map[string]string{OperatorModeVar: "both"},
			want: func(s *Settings) { s.OperatorMode = ModeWatchersAndWebhooks },
		},
		"reconcile policy": {
			env:  map[string]string{DefaultReconcilePolicyVar: "detach-on-delete"},
			want: func(s *Settings) { s.DefaultReconcilePolicy = genruntime.ReconcilePolicyDetachOnDelete },
		},
		"concurrency": {
			env:  map[string]string{MaxConcurrentReconcilesVar: "8"},
			want: func(s *Settings) { s.MaxConcurrentReconciles = 8 },
		},
		"bucket rate limit": {
			env: map[string]string{RateLimitModeVar: "bucket", RateLimitQPSVar: "0.5", RateLimitBucketSizeVar: "20"},
			want: func(s *Settings) {
				s.RateLimit = RateLimit{Mode: RateLimitBucket, QPS: 0.5, BucketSize: 20}
			},
		},
		"user agent and pod namespace, trailing newline from a Secret trimmed": {
			env: map[string]string{UserAgentSuffixVar: "team-a\n", PodNamespaceVar: "azureserviceoperator-system"},
			want: func(s *Settings) {
				s.UserAgentSuffix = "team-a"
				s.PodNamespace = "azureserviceoperator-system"
			},
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := Load(env(c.env))
			if err != nil {
				t.Fatal(err)
			}
			want := defaults()
			if c.want != nil {
				c.want(&want)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestLoadRejects(t *testing.T) {
	cases := map[string]struct {
		env map[string]string
		// want are the substrings of the error: the setting, the value, what is allowed.
		want []string
	}{
		"endpoint not a URL": {
			env:  map[string]string{ResourceManagerEndpointVar: "management.azure.com"},
			want: []string{ResourceManagerEndpointVar, `"management.azure.com"`, "absolute URL"},
		},
		"authority host without scheme": {
			env:  map[string]string{AuthorityHostVar: "ftp://login"},
			want: []string{AuthorityHostVar, `"ftp://login"`},
		},
		"sync period": {
			env:  map[string]string{SyncPeriodVar: "hourly"},
			want: []string{SyncPeriodVar, `"hourly"`, `"never"`},
		},
		"max operation age not a duration": {
			env:  map[string]string{MaxOperationAgeVar: "a day"},
			want: []string{MaxOperationAgeVar, `"a day"`, "24h"},
		},
		"negative sync period": {
			env:  map[string]string{SyncPeriodVar: "-1h"},
			want: []string{SyncPeriodVar, `"-1h"`},
		},
		"operator mode": {
			env:  map[string]string{OperatorModeVar: "all"},
			want: []string{OperatorModeVar, `"all"`, "watchers, watchers-and-webhooks, webhooks"},
		},
		"reconcile policy": {
			env:  map[string]string{DefaultReconcilePolicyVar: "delete"},
			want: []string{DefaultReconcilePolicyVar, `"delete"`, "detach-on-delete, manage, skip"},
		},
		"concurrency zero": {
			env:  map[string]string{MaxConcurrentReconcilesVar: "0"},
			want: []string{MaxConcurrentReconcilesVar, `"0"`, "at least 1"},
		},
		"rate limit mode": {
			env:  map[string]string{RateLimitModeVar: "token"},
			want: []string{RateLimitModeVar, `"token"`, "bucket, disabled"},
		},
		"qps": {
			env:  map[string]string{RateLimitQPSVar: "NaN"},
			want: []string{RateLimitQPSVar, `"NaN"`, "above 0"},
		},
		"bucket size": {
			env:  map[string]string{RateLimitBucketSizeVar: "1.5"},
			want: []string{RateLimitBucketSizeVar, `"1.5"`},
		},
		"target namespaces without watchers": {
			env:  map[string]string{OperatorModeVar: "webhooks", TargetNamespacesVar: "ns1"},
			want: []string{TargetNamespacesVar, `"ns1"`, "runs no watchers"},
		},
		"every bad setting at once": {
			env:  map[string]string{SyncPeriodVar: "x", MaxConcurrentReconcilesVar: "y"},
			want: []string{SyncPeriodVar, MaxConcurrentReconcilesVar},
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Load(env(c.env))
			if err == nil {
				t.Fatal("no error")
			}
			var ise *InvalidSettingError
			if !errors.As(err, &ise) {
				t.Errorf("%T is not an *InvalidSettingError", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %s", err, w)
				}
			}
		})
	}
}

func TestModes(t *testing.T) {
	cases := []struct {
		mode               OperatorMode
		watchers, webhooks bool
	}{
		{ModeWatchers, true, false},
		{ModeWebhooks, false, true},
		{ModeWatchersAndWebhooks, true, true},
	}
	for _, c := range cases {
		if c.mode.IncludesWatchers() != c.watchers || c.mode.IncludesWebhooks() != c.webhooks {
			t.Errorf("%s: watchers %v webhooks %v", c.mode, c.mode.IncludesWatchers(), c.mode.IncludesWebhooks())
		}
	}
}
