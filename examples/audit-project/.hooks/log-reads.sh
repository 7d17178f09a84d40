#!/bin/sh
cat >> /tmp/reads.log
