module example.com/partner/client-check

go 1.22
