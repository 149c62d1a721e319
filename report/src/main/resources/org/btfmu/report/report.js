// bt-fmu run report: draws the run embedded as JSON (#run-data) with ECharts, inlined above.
// The timeline and the variables share one time axis (zoom and pan together); the cursor (a time)
// colours the tree; the self-check (#selfcheck=t1,t2,...) writes what was drawn into #selfcheck.
(function () {
  'use strict';
  var run = JSON.parse(document.getElementById('run-data').textContent);
  var LEFT = 280, RIGHT = 40;
  var span = run.stop - run.start;
  var unit = span <= 600 ? ['s', 1] : span <= 3 * 3600 ? ['min', 60] : ['h', 3600];
  var charts = [];
  var cursorLines = [];
  var cursor = run.start;
  var pinned = false;
  var selected = -1;

  function fmtTime(t) {
    var v = t / unit[1];
    var text = unit[1] === 1 ? String(Math.round(t * 1000) / 1000) : v.toFixed(v < 10 ? 3 : 2);
    return unit[1] === 1 ? text + ' s' : text + ' ' + unit[0] + ' (' + (Math.round(t * 1000) / 1000) + ' s)';
  }
  function axisLabel(v) {
    var x = v / unit[1];
    return String(Math.round(x * 1000) / 1000);
  }
  // Tick spacing in the axis's own unit (1, 2, 5 x 10^k; 15 and 30 min; 3, 6 and 12 h), about
  // seven ticks over the seconds shown: ECharts alone would pick round numbers of seconds.
  function tickInterval(seconds) {
    var raw = seconds / unit[1] / 7;
    if (!(raw > 0)) {
      return undefined; // a run of no length: ECharts' own ticks
    }
    var power = Math.pow(10, Math.floor(Math.log10(raw)));
    var steps = [1, 2, 5, 10].map(function (m) { return m * power; });
    if (power === 1) {
      steps = unit[0] === 'min' ? [1, 2, 5, 10, 15, 30] : unit[0] === 'h' ? [1, 2, 3, 6, 12] : steps;
    }
    var step = steps.filter(function (m) { return m >= raw; })[0];
    return step * unit[1];
  }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) { e.setAttribute(k, attrs[k]); }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function svg(tag, attrs) {
    var e = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (var k in attrs) { e.setAttribute(k, attrs[k]); }
    return e;
  }
  function statusChip(s) {
    var st = run.statuses[s];
    var chip = el('span', { 'class': 'status' }, st.name);
    chip.style.background = st.colour;
    chip.style.color = textColour(st.colour);
    return chip;
  }
  function textColour(hex) {
    var n = parseInt(hex.slice(1), 16);
    var l = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
    return l > 140 ? '#000' : '#fff';
  }
  /** The status index of task i at time t, or -1. */
  function statusAt(i, t) {
    var segs = run.tasks[i].segments;
    var lo = 0, hi = segs.length - 1, found = -1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (segs[mid][0] <= t) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
    }
    if (found < 0) { return -1; }
    var s = segs[found];
    return t < s[1] || (t === s[1] && t === run.stop) ? s[2] : -1;
  }

  // ---- header ----
  document.getElementById('summary').textContent = fmtTime(run.start) + ' to ' + fmtTime(run.stop) + ', '
      + run.tasks.length + ' tasks, ' + run.events.length + ' status changes, ' + run.variables.length + ' variables';
  var legend = document.getElementById('legend');
  run.statuses.forEach(function (st) {
    var chip = el('span', { 'class': 'chip' });
    var box = el('i');
    box.style.background = st.colour;
    chip.appendChild(box);
    chip.appendChild(document.createTextNode(st.name));
    legend.appendChild(chip);
  });

  function xAxis() {
    return { type: 'value', min: run.start, max: run.stop, name: 'time [' + unit[0] + ']', nameLocation: 'middle',
      nameGap: 22, interval: tickInterval(span), axisLabel: { formatter: axisLabel } };
  }
  function attach(chart, container) {
    container.style.position = 'relative';
    var line = el('div');
    line.style.cssText = 'position:absolute;width:0;border-left:2px solid #d00;pointer-events:none;';
    container.appendChild(line);
    cursorLines.push({ chart: chart, line: line });
    chart.getZr().on('mousemove', function (e) {
      if (!pinned && chart.containPixel('grid', [e.offsetX, e.offsetY])) {
        setCursor(chart.convertFromPixel({ xAxisIndex: 0 }, e.offsetX));
      }
    });
    chart.getZr().on('click', function (e) {
      if (chart.containPixel('grid', [e.offsetX, e.offsetY])) {
        pinned = !pinned;
        setCursor(chart.convertFromPixel({ xAxisIndex: 0 }, e.offsetX));
      }
    });
    chart.on('datazoom', function () {
      var zoom = chart.getOption().dataZoom[0];
      chart.setOption({ xAxis: { interval: tickInterval(span * (zoom.end - zoom.start) / 100) } });
      placeCursorLines();
    });
    charts.push(chart);
  }

  // ---- the status timeline: one row per task, one bar per stretch of equal status ----
  var rows = run.tasks.map(function (t) { return t.path; });
  var bars = [];
  run.tasks.forEach(function (t, row) {
    t.segments.forEach(function (s) { bars.push([s[0], s[1], row, s[2]]); });
  });
  var timelineBox = document.getElementById('timeline');
  timelineBox.style.height = (70 + 22 * Math.max(rows.length, 2)) + 'px';
  var timeline = echarts.init(timelineBox, null, { renderer: 'svg' });
  timeline.setOption({
    animation: false,
    grid: { left: LEFT, right: RIGHT, top: 8, bottom: 56 },
    xAxis: xAxis(),
    yAxis: { type: 'category', data: rows, inverse: true,
      axisLabel: { fontSize: 11, formatter: function (p) { return p.length > 42 ? '…' + p.slice(-41) : p; } } },
    dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'weakFilter' },
      { type: 'slider', xAxisIndex: 0, filterMode: 'weakFilter', showDataShadow: false, height: 14, bottom: 4,
        labelFormatter: function (v) { return axisLabel(v) + ' ' + unit[0]; } }],
    tooltip: { trigger: 'item', formatter: function (p) {
      var d = p.value;
      return rows[d[2]] + '<br><b>' + run.statuses[d[3]].name + '</b><br>' + fmtTime(d[0]) + ' – ' + fmtTime(d[1]);
    } },
    series: [{ type: 'custom', progressive: 0, data: bars, encode: { x: [0, 1], y: 2 },
      renderItem: function (params, api) {
        var row = api.value(2);
        var a = api.coord([api.value(0), row]);
        var b = api.coord([api.value(1), row]);
        var h = api.size([0, 1])[1] * 0.7;
        var shape = echarts.graphic.clipRectByRect(
            { x: a[0], y: a[1] - h / 2, width: Math.max(b[0] - a[0], 0.5), height: h },
            { x: params.coordSys.x, y: params.coordSys.y, width: params.coordSys.width, height: params.coordSys.height });
        return shape && { type: 'rect', shape: shape, style: { fill: run.statuses[api.value(3)].colour } };
      } }]
  });
  attach(timeline, timelineBox);

  // ---- the variables, each with its unit ----
  var variablesBox = document.getElementById('variables');
  run.variables.forEach(function (v) {
    var box = el('div', { 'class': 'chart variable' });
    box.style.height = '190px';
    variablesBox.appendChild(box);
    var chart = echarts.init(box);
    var data = run.times.map(function (t, i) { return [t, v.values[i]]; });
    chart.setOption({
      animation: false,
      grid: { left: LEFT, right: RIGHT, top: 28, bottom: 40 },
      title: { text: v.name + (v.unit ? ' [' + v.unit + ']' : ''), left: LEFT, top: 0, textStyle: { fontSize: 13 } },
      xAxis: xAxis(),
      yAxis: { type: 'value', scale: true, name: v.unit, nameGap: 8 },
      dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'none' }],
      tooltip: { trigger: 'axis', formatter: function (ps) {
        var p = ps[0];
        return fmtTime(p.value[0]) + '<br>' + v.name + ' = ' + p.value[1] + (v.unit ? ' ' + v.unit : '');
      } },
      series: [{ type: 'line', showSymbol: false, sampling: 'lttb', data: data, lineStyle: { width: 1.5 } }]
    });
    attach(chart, box);
  });
  echarts.connect(charts);

  // ---- the tree, drawn left to right, each task coloured by its status at the cursor ----
  var children = run.tasks.map(function () { return []; });
  var roots = [];
  run.tasks.forEach(function (t, i) { if (t.parent >= 0) { children[t.parent].push(i); } else { roots.push(i); } });
  var NODE_W = 170, NODE_H = 20, COL = 200, ROW = 26;
  var pos = [];
  var slot = 0, maxDepth = 0;
  function place(i, depth) {
    maxDepth = Math.max(maxDepth, depth);
    var kids = children[i];
    var y;
    if (kids.length === 0) { y = slot++; } else {
      kids.forEach(function (k) { place(k, depth + 1); });
      y = (pos[kids[0]].y + pos[kids[kids.length - 1]].y) / 2;
    }
    pos[i] = { x: depth, y: y };
  }
  roots.forEach(function (r) { place(r, 0); });
  var treeSvg = svg('svg', { width: (maxDepth + 1) * COL + 20, height: slot * ROW + 20 });
  var nodes = [];
  run.tasks.forEach(function (t, i) {
    if (t.parent >= 0) {
      var a = pos[t.parent], b = pos[i];
      var x1 = 10 + a.x * COL + NODE_W, y1 = 10 + a.y * ROW + NODE_H / 2;
      var x2 = 10 + b.x * COL, y2 = 10 + b.y * ROW + NODE_H / 2;
      treeSvg.appendChild(svg('path', { d: 'M' + x1 + ',' + y1 + ' C' + (x1 + 15) + ',' + y1 + ' ' + (x2 - 15) + ','
          + y2 + ' ' + x2 + ',' + y2, fill: 'none', stroke: '#999' }));
    }
  });
  run.tasks.forEach(function (t, i) {
    var g = svg('g', { 'class': 'task', 'data-path': t.path,
      transform: 'translate(' + (10 + pos[i].x * COL) + ',' + (10 + pos[i].y * ROW) + ')' });
    var title = svg('title', {});
    title.textContent = t.path + (t.type ? ' (' + t.type + ')' : '');
    g.appendChild(title);
    var rect = svg('rect', { width: NODE_W, height: NODE_H, rx: 4, fill: '#dddddd', stroke: '#555' });
    var label = svg('text', { x: 6, y: 14, 'font-size': 12 });
    label.textContent = t.name.length > 24 ? t.name.slice(0, 23) + '…' : t.name;
    g.appendChild(rect);
    g.appendChild(label);
    g.addEventListener('click', function () { select(i); });
    treeSvg.appendChild(g);
    nodes.push({ g: g, rect: rect, label: label });
  });
  document.getElementById('tree').appendChild(treeSvg);

  function select(i) {
    if (selected >= 0) { nodes[selected].g.classList.remove('selected'); }
    selected = i;
    nodes[i].g.classList.add('selected');
    var t = run.tasks[i];
    var d = document.getElementById('details');
    d.textContent = '';
    d.appendChild(el('h3', {}, t.path));
    d.appendChild(el('div', {}, 'type: ' + (t.type || 'unknown')));
    if (t.description) { d.appendChild(el('p', {}, t.description)); }
    var keys = Object.keys(t.expressions);
    if (keys.length) {
      var dl = el('dl');
      keys.forEach(function (k) {
        dl.appendChild(el('dt', {}, k));
        var dd = el('dd');
        dd.appendChild(el('code', {}, t.expressions[k]));
        dl.appendChild(dd);
      });
      d.appendChild(dl);
    }
    d.appendChild(el('h4', {}, 'status history'));
    var list = el('ol');
    var own = run.events.filter(function (e) { return e[1] === t.path; });
    if (own.length) {
      own.slice(0, 500).forEach(function (e) {
        var li = el('li', {}, fmtTime(e[0]) + ': ');
        li.appendChild(statusChip(e[2]));
        li.appendChild(document.createTextNode(' → '));
        li.appendChild(statusChip(e[3]));
        li.appendChild(document.createTextNode(' ' + e[4]));
        list.appendChild(li);
      });
      if (own.length > 500) { d.appendChild(el('p', {}, (own.length - 500) + ' more changes not listed')); }
    } else {
      t.segments.slice(0, 500).forEach(function (s) {
        var li = el('li', {}, fmtTime(s[0]) + ' – ' + fmtTime(s[1]) + ': ');
        li.appendChild(statusChip(s[2]));
        list.appendChild(li);
      });
    }
    d.appendChild(list);
  }

  // ---- the events ----
  var tbody = document.querySelector('#events tbody');
  var LIMIT = 5000;
  run.events.slice(0, LIMIT).forEach(function (e) {
    var tr = el('tr');
    tr.appendChild(el('td', {}, fmtTime(e[0])));
    tr.appendChild(el('td', {}, e[1]));
    var td = el('td');
    td.appendChild(statusChip(e[2]));
    td.appendChild(document.createTextNode(' → '));
    td.appendChild(statusChip(e[3]));
    tr.appendChild(td);
    tr.appendChild(el('td', {}, e[4]));
    tr.addEventListener('click', function () {
      pinned = true;
      setCursor(e[0]);
      var i = rows.indexOf(e[1]);
      if (i >= 0) { select(i); }
    });
    tbody.appendChild(tr);
  });
  var leftOut = Math.max(0, run.events.length - LIMIT) + (run.eventsLeftOut || 0);
  if (leftOut > 0) {
    document.getElementById('eventsbox').appendChild(el('p', {}, leftOut + ' more status changes not listed'));
  }

  // ---- the cursor ----
  var range = document.getElementById('cursor');
  range.min = run.start;
  range.max = run.stop;
  range.addEventListener('input', function () { pinned = true; setCursor(Number(range.value)); });

  function placeCursorLines() {
    cursorLines.forEach(function (c) {
      var grid = c.chart.getModel().getComponent('grid').coordinateSystem.getRect();
      var x = c.chart.convertToPixel({ xAxisIndex: 0 }, cursor);
      var inside = x >= grid.x - 0.5 && x <= grid.x + grid.width + 0.5;
      c.line.style.display = inside ? 'block' : 'none';
      c.line.style.left = (x - 1) + 'px';
      c.line.style.top = grid.y + 'px';
      c.line.style.height = grid.height + 'px';
    });
  }
  var pending = false;
  function setCursor(t) {
    cursor = Math.min(run.stop, Math.max(run.start, t));
    if (!pending) {
      pending = true;
      requestAnimationFrame(function () { pending = false; draw(); });
    }
  }
  function draw() {
    range.value = cursor;
    document.getElementById('cursortime').textContent = 't = ' + fmtTime(cursor) + (pinned ? ' (kept)' : '');
    nodes.forEach(function (n, i) {
      var s = statusAt(i, cursor);
      var colour = s < 0 ? '#dddddd' : run.statuses[s].colour;
      n.rect.setAttribute('fill', colour);
      n.label.setAttribute('fill', textColour(colour));
      n.g.setAttribute('data-status', s < 0 ? '' : run.statuses[s].name);
    });
    placeCursorLines();
  }
  window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); draw(); });
  draw();

  // ---- the self-check a browser test reads back ----
  if (location.hash.indexOf('#selfcheck') === 0) {
    var probe = el('span');
    document.body.appendChild(probe);
    var canonical = function (colour) { probe.style.color = ''; probe.style.color = colour;
      return getComputedStyle(probe).color; };
    var palette = run.statuses.map(function (s) { return canonical(s.colour); });
    charts.forEach(function (c) { c.getZr().refreshImmediately(); }); // zrender paints on the next frame
    var timelineBars = 0;
    var barsByStatus = {};
    timelineBox.querySelectorAll('path, rect').forEach(function (p) {
      var fill = p.getAttribute('fill');
      var opacity = p.getAttribute('fill-opacity');
      // (the slider's frame is a transparent black path: not a bar)
      var s = fill && fill !== 'none' && (opacity === null || Number(opacity) === 1)
          ? palette.indexOf(canonical(fill)) : -1;
      if (s >= 0) {
        timelineBars++;
        barsByStatus[run.statuses[s].name] = (barsByStatus[run.statuses[s].name] || 0) + 1;
      }
    });
    var times = location.hash.indexOf('=') > 0 ? location.hash.slice(location.hash.indexOf('=') + 1).split(',')
        .map(Number) : [run.start, run.stop];
    var colours = times.map(function (t) {
      cursor = Math.min(run.stop, Math.max(run.start, t));
      draw();
      var fills = {};
      nodes.forEach(function (n, i) {
        var s = palette.indexOf(canonical(n.rect.getAttribute('fill')));
        fills[run.tasks[i].path] = s < 0 ? null : run.statuses[s].name;
      });
      return { time: cursor, statuses: fills };
    });
    document.getElementById('selfcheck').textContent = JSON.stringify({
      errors: window.btReportErrors,
      timelineRows: timeline.getOption().yAxis[0].data.length,
      timelineBars: timelineBars,
      timeUnit: unit[0],
      timeTicks: timeline.getModel().getComponent('xAxis', 0).axis.scale.getTicks()
          .map(function (t) { return t.value / unit[1]; }),
      barsByStatus: barsByStatus,
      treeNodes: document.querySelectorAll('#tree g.task').length,
      treeEdges: treeSvg.querySelectorAll('path').length,
      variableCharts: document.querySelectorAll('#variables .variable canvas').length,
      eventRows: tbody.querySelectorAll('tr').length,
      cursor: colours
    });
  }
})();
